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
  { min: 8, background: 'var(--mantine-color-green-6)', color: 'var(--mantine-color-white)' },
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

/**
 * Russia as a grid of equal squares, one per federal subject, placed roughly by geography.
 * Every tile is a button: reachable with Tab, chosen with Enter or Space.
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
  // Reading order (row by row) makes Tab move across the map the way the eye does.
  const ordered = [...regions].sort((a, b) => a.gridY - b.gridY || a.gridX - b.gridX);
  return (
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
            onClick={() => onSelect(r.code)}
          >
            <span>{tileLabel(r.code, r.shortName)}</span>
            <span className={classes.count}>{r.operatorCount}</span>
          </button>
        );
      })}
    </div>
  );
}
