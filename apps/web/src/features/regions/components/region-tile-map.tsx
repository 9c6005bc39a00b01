import type { KeyboardEvent } from 'react';
import classes from './region-tile-map.module.css';

export interface TileRegion {
  code: number;
  name: string;
  shortName: string;
  gridX: number;
  gridY: number;
  operatorCount: number;
}

// Light to dark green: more operators, darker tile (the legend repeats these steps).
export const SHADES = [
  { min: 0, background: 'var(--mantine-color-gray-2)', color: 'var(--mantine-color-dark-6)' },
  { min: 1, background: 'var(--mantine-color-green-1)', color: 'var(--mantine-color-dark-7)' },
  { min: 4, background: 'var(--mantine-color-green-3)', color: 'var(--mantine-color-dark-8)' },
  // White labels need the theme's text-strength greens (shades 8 and 9: 5.3:1 and 7.4:1).
  { min: 8, background: 'var(--mantine-color-green-8)', color: 'var(--mantine-color-white)' },
  { min: 11, background: 'var(--mantine-color-green-9)', color: 'var(--mantine-color-white)' },
];

/** The legend step a count falls in. */
export function shadeFor(count: number) {
  return [...SHADES].reverse().find((s) => count >= s.min) ?? SHADES[0]!;
}

// Where the first letters of two regions coincide, the usual abbreviations tell them apart.
const LABELS: Record<number, string> = {
  4: 'РАЛТ',
  7: 'КБР',
  9: 'КЧР',
  15: 'РСО',
  22: 'АЛТК',
  23: 'КДАР',
  24: 'КЯР',
  47: 'ЛО',
  50: 'МО',
  77: 'МСК',
  78: 'СПБ',
  92: 'СЕВС',
};

/** Up to four letters that name a region on its tile: «Бурятия» → «БУРЯ», 77 → «МСК», 78 → «СПБ». */
export function tileLabel(code: number, shortName: string): string {
  const word = shortName.split(/[\s—-]+/)[0] ?? shortName;
  return LABELS[code] ?? word.slice(0, 4).toUpperCase();
}

type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
const DIRECTIONS: Record<ArrowKey, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The tile an arrow key moves to: the nearest one in that direction, preferring the same row (or
 * column) and then the smallest sideways step; the same tile at the map's edge.
 */
export function neighbour(
  regions: readonly Pick<TileRegion, 'code' | 'gridX' | 'gridY'>[],
  code: number,
  key: string,
): number {
  const from = regions.find((r) => r.code === code);
  const direction = DIRECTIONS[key as ArrowKey];
  if (!from || !direction) return code;
  const [dx, dy] = direction;
  let best: { code: number; score: number } | undefined;
  for (const r of regions) {
    const along = (r.gridX - from.gridX) * dx + (r.gridY - from.gridY) * dy;
    if (along <= 0) continue;
    const across = Math.abs(dx !== 0 ? r.gridY - from.gridY : r.gridX - from.gridX);
    // A tile straight ahead wins over a nearer one off to the side.
    const score = across * 100 + along;
    if (!best || score < best.score) best = { code: r.code, score };
  }
  return best?.code ?? code;
}

/**
 * Russia as a grid of equal squares, one per federal subject, placed roughly by geography.
 * The map is one stop for Tab (the chosen tile); arrow keys move between tiles, Enter or Space choose.
 */
export function RegionTileMap({
  regions,
  selected,
  onSelect,
}: {
  regions: TileRegion[];
  selected: number | undefined;
  onSelect: (code: number) => void;
}) {
  const columns = Math.max(...regions.map((r) => r.gridX)) + 1;
  // Reading order (row by row), as the eye reads the map; Tab stops once, at the chosen tile.
  const ordered = [...regions].sort((a, b) => a.gridY - b.gridY || a.gridX - b.gridX);
  const tabStop = regions.some((r) => r.code === selected) ? selected : ordered[0]?.code;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, code: number) => {
    if (!(event.key in DIRECTIONS)) return;
    event.preventDefault();
    const next = neighbour(regions, code, event.key);
    event.currentTarget.parentElement?.querySelector<HTMLButtonElement>(`[data-code="${next}"]`)?.focus();
  };
  return (
    <div className={classes.scroller}>
      <div className={classes.grid} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {ordered.map((r) => {
          const shade = shadeFor(r.operatorCount);
          return (
            <button
              key={r.code}
              type="button"
              className={`${classes.tile} ${selected === r.code ? classes.selected : ''}`}
              style={{
                gridColumn: r.gridX + 1,
                gridRow: r.gridY + 1,
                background: shade.background,
                color: shade.color,
              }}
              title={`${r.name}: операторов — ${r.operatorCount}`}
              aria-label={`${r.name}: операторов — ${r.operatorCount}`}
              aria-pressed={selected === r.code}
              data-code={r.code}
              tabIndex={r.code === tabStop ? 0 : -1}
              onClick={() => onSelect(r.code)}
              onKeyDown={(event) => onKeyDown(event, r.code)}
            >
              <span>{tileLabel(r.code, r.shortName)}</span>
              <span className={classes.count}>{r.operatorCount}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
