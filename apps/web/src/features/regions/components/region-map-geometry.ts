import type { SubjectFeature } from '../../../lib/base-map';

// Russia drawn as on the usual Russian wall map: an Albers equal-area conic with its central meridian
// at 100° E and standard parallels at 52° and 64° N, so the subjects keep their relative sizes.
const RAD = Math.PI / 180;
const CENTRAL_MERIDIAN = 100;
const N = (Math.sin(52 * RAD) + Math.sin(64 * RAD)) / 2;
const C = Math.cos(52 * RAD) ** 2 + 2 * N * Math.sin(52 * RAD);

/** Longitude/latitude (Chukotka already east of 180°) to plane x/y, y growing southwards. */
export function project(lon: number, lat: number): [number, number] {
  const rho = Math.sqrt(C - 2 * N * Math.sin(lat * RAD)) / N;
  const theta = N * (lon - CENTRAL_MERIDIAN) * RAD;
  return [rho * Math.sin(theta), rho * Math.cos(theta)];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SubjectShape {
  code: number;
  /** SVG path data in the map's own units (the whole country is WIDTH wide). */
  d: string;
  /** Centre of the subject's largest polygon: where its marker, label and arrow-key position are. */
  cx: number;
  cy: number;
  /** Drawn too small to point at: it gets a round marker as well. */
  small: boolean;
}

export const WIDTH = 1000;
// Room around the country for the markers of subjects at its edge (Sevastopol, Kaliningrad).
const PADDING = 20;
// A subject less than this many units across (of WIDTH) is hard to hit with a finger or a mouse.
const SMALL = 14;

function boxOf(points: readonly [number, number][]): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The box of `points`, a `margin` of its size larger on every side. */
function grow(points: readonly [number, number][], margin: number): Box {
  const box = boxOf(points);
  const dx = box.width * margin;
  const dy = box.height * margin;
  return { x: box.x - dx, y: box.y - dy, width: box.width + 2 * dx, height: box.height + 2 * dy };
}

/** Area-weighted centre and area of a ring (shoelace). */
function centreOf(ring: readonly [number, number][]): { x: number; y: number; area: number } {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i] as [number, number];
    const [x1, y1] = ring[(i + 1) % ring.length] as [number, number];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  if (area === 0) return { ...(ring[0] ? { x: ring[0][0], y: ring[0][1] } : { x: 0, y: 0 }), area: 0 };
  return { x: x / (3 * area), y: y / (3 * area), area: Math.abs(area / 2) };
}

export interface MapLayout {
  shapes: SubjectShape[];
  /** The whole country, in map units. */
  viewBox: Box;
  /** Turns more lon/lat lines (borders, outline) into path data of the same layout. */
  linePath: (lines: readonly (readonly number[])[][]) => string;
  /** The frame of the land within a lon/lat box, in map units (a zoomed view). */
  frame: (west: number, south: number, east: number, north: number) => Box;
}

/** Projects the subjects once and scales them to WIDTH units across. */
export function layoutSubjects(subjects: readonly SubjectFeature[]): MapLayout {
  const projected = subjects.map((s) => ({
    code: s.properties.code,
    polygons: s.geometry.coordinates.map((polygon) =>
      polygon.map((ring) => ring.map(([lon, lat]) => project(lon ?? 0, lat ?? 0))),
    ),
  }));
  const all = boxOf(projected.flatMap((s) => s.polygons.flatMap((p) => p[0] ?? [])));
  const k = (WIDTH - 2 * PADDING) / all.width;
  const toMap = ([x, y]: [number, number]): [number, number] => [(x - all.x) * k + PADDING, (y - all.y) * k + PADDING];
  const line = (points: readonly [number, number][]) =>
    points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p[0].toFixed(1)},${p[1].toFixed(1)}`).join('');
  const shapes = projected.map(({ code, polygons }) => {
    const mapped = polygons.map((polygon) => polygon.map((ring) => ring.map(toMap)));
    const outers = mapped.map((polygon) => polygon[0] ?? []);
    const largest = outers.map(centreOf).reduce((a, b) => (b.area > a.area ? b : a));
    const box = boxOf(outers.flat());
    return {
      code,
      d: mapped.flatMap((polygon) => polygon.map((ring) => `${line(ring)}Z`)).join(''),
      cx: largest.x,
      cy: largest.y,
      small: Math.max(box.width, box.height) < SMALL,
    };
  });
  return {
    shapes,
    viewBox: { x: 0, y: 0, width: WIDTH, height: all.height * k + 2 * PADDING },
    linePath: (lines) => lines.map((l) => line(l.map(([lon, lat]) => toMap(project(lon ?? 0, lat ?? 0))))).join(''),
    frame: (west, south, east, north) =>
      grow(
        subjects.flatMap((s) =>
          s.geometry.coordinates.flatMap((polygon) =>
            (polygon[0] ?? [])
              .filter(([lon = 0, lat = 0]) => lon >= west && lon <= east && lat >= south && lat <= north)
              .map(([lon = 0, lat = 0]) => toMap(project(lon, lat))),
          ),
        ),
        0.04,
      ),
  };
}

type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
const DIRECTIONS: Record<ArrowKey, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Whether a key moves between subjects. */
export const isArrowKey = (key: string): key is ArrowKey => key in DIRECTIONS;

/**
 * The subject an arrow key moves to: the nearest centre in that direction, a step straight ahead
 * counting for less than one to the side; the same subject at the map's edge.
 */
export function neighbour(
  shapes: readonly Pick<SubjectShape, 'code' | 'cx' | 'cy'>[],
  code: number,
  key: string,
): number {
  const from = shapes.find((s) => s.code === code);
  if (!from || !isArrowKey(key)) return code;
  const [ux, uy] = DIRECTIONS[key];
  let best: { code: number; score: number; inCone: boolean } | undefined;
  for (const s of shapes) {
    const dx = s.cx - from.cx;
    const dy = s.cy - from.cy;
    const along = dx * ux + dy * uy;
    if (along <= 0 || s.code === code) continue;
    const across = Math.abs(dx * uy - dy * ux);
    // Within 60° of the arrow's direction first; only past the edge of that cone, anything ahead.
    const inCone = across <= along * 1.75;
    const score = along + 2 * across;
    if (!best || (inCone && !best.inCone) || (inCone === best.inCone && score < best.score)) {
      best = { code: s.code, score, inCone };
    }
  }
  return best?.code ?? code;
}
