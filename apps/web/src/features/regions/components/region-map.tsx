import { SegmentedControl, Select } from '@mantine/core';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Group } from '../../../components/plain';
import { type BaseMap, linesOf, subjectsOf } from '../../../lib/base-map';
import { compareRussian } from '../../../lib/collate';
import classes from './region-map.module.css';
import { type Box, isArrowKey, layoutSubjects, neighbour, type SubjectShape } from './region-map-geometry';

export interface MapRegion {
  code: number;
  name: string;
  operatorCount: number;
}

// Light to dark green: more operators, darker subject (the legend repeats these steps).
// The round marker of a small subject is edged in the colour that stands out on its shade.
export const SHADES = [
  { min: 0, background: 'var(--mantine-color-gray-2)', edge: 'var(--mantine-color-dark-9)' },
  { min: 1, background: 'var(--mantine-color-green-1)', edge: 'var(--mantine-color-dark-9)' },
  { min: 4, background: 'var(--mantine-color-green-3)', edge: 'var(--mantine-color-dark-9)' },
  { min: 8, background: 'var(--mantine-color-green-6)', edge: 'var(--mantine-color-dark-9)' },
  { min: 11, background: 'var(--mantine-color-green-9)', edge: 'var(--mantine-color-white)' },
];

/** The legend step a count falls in. */
export function shadeFor(count: number) {
  return [...SHADES].reverse().find((s) => count >= s.min) ?? SHADES[0]!;
}

/** «операторов — 5»: the count as the map's names and hints say it. */
export const operatorCountText = (count: number) => `операторов — ${count}`;

// The European part, where most subjects are and where a phone needs the closer look.
const EUROPE = [19, 41, 62, 70] as const;

/** A dark line on a white halo around a subject (and its marker), seen on every shade and on the sea. */
function Ring({ shape, marker, className }: { shape: SubjectShape; marker: number; className?: string }) {
  return (
    <g className={className}>
      {[classes.halo, classes.line].map((part) => (
        <g key={part} className={part}>
          <path d={shape.d} />
          {shape.small && <circle cx={shape.cx} cy={shape.cy} r={marker} />}
        </g>
      ))}
    </g>
  );
}

const viewBoxOf = (box: Box) => `${box.x} ${box.y} ${box.width} ${box.height}`;

/**
 * Russia's federal subjects over their own outlines, each filled by its number of operators.
 * The map is one stop for Tab (the chosen subject); arrow keys move to the nearest subject in that
 * direction, Enter or Space choose. Subjects too small to point at get a round marker, and every
 * subject can also be found by name in the list above the map.
 */
export function RegionMap({
  baseMap,
  regions,
  selected,
  onSelect,
}: {
  baseMap: BaseMap;
  regions: MapRegion[];
  selected: number | undefined;
  onSelect: (code: number) => void;
}) {
  const layout = useMemo(() => {
    const drawn = layoutSubjects(subjectsOf(baseMap));
    const lines = (kind: 'borders' | 'outline') => {
      const feature = linesOf(baseMap, kind);
      return feature ? drawn.linePath(feature.geometry.coordinates) : '';
    };
    return {
      ...drawn,
      borders: lines('borders'),
      outline: lines('outline'),
      europe: drawn.frame(...EUROPE),
    };
  }, [baseMap]);
  const [zoom, setZoom] = useState<'all' | 'europe'>('all');
  const [focused, setFocused] = useState<number>();
  // The subject named beside the pointer or the focus, whichever moved last.
  const [tipCode, setTipCode] = useState<number>();
  const svg = useRef<SVGSVGElement>(null);
  const byCode = new Map(regions.map((r) => [r.code, r]));
  // Subjects without a region (none, the build checks) are not drawn; small ones last, on top.
  const shapes = layout.shapes.filter((s) => byCode.has(s.code)).sort((a, b) => Number(a.small) - Number(b.small));
  const tabStop = shapes.some((s) => s.code === selected) ? selected : shapes[0]?.code;
  const view = zoom === 'europe' ? layout.europe : layout.viewBox;
  const marker = view.width * 0.011;
  const tipShape = shapes.find((s) => s.code === tipCode);
  const tipRegion = tipCode === undefined ? undefined : byCode.get(tipCode);
  const ring = (code: number | undefined) => shapes.find((s) => s.code === code);
  const focusRing = ring(focused);
  const selectedRing = ring(selected);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, code: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(code);
      return;
    }
    if (!isArrowKey(event.key)) return;
    event.preventDefault();
    const next = neighbour(shapes, code, event.key);
    // Keys may lead past the European part's edge: then the whole country is shown again.
    const shape = shapes.find((s) => s.code === next);
    const { x, y, width, height } = layout.europe;
    if (shape && (shape.cx < x || shape.cx > x + width || shape.cy < y || shape.cy > y + height)) setZoom('all');
    svg.current?.querySelector<SVGGElement>(`[data-code="${next}"]`)?.focus();
  };

  const tipStyle = tipShape && {
    left: `${((tipShape.cx - view.x) / view.width) * 100}%`,
    top: `${((tipShape.cy - view.y) / view.height) * 100}%`,
  };
  const tipSide = tipShape && (tipShape.cx - view.x) / view.width > 0.6 ? classes.tipLeft : classes.tipRight;

  return (
    <div>
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
        <SegmentedControl
          aria-label="Масштаб карты"
          value={zoom}
          onChange={(value) => setZoom(value === 'europe' ? 'europe' : 'all')}
          data={[
            { value: 'all', label: 'Вся Россия' },
            { value: 'europe', label: 'Европейская часть' },
          ]}
        />
        <Select
          label="Найти регион"
          placeholder="Начните вводить название"
          searchable
          nothingFoundMessage="Такого региона нет"
          data={[...regions]
            .sort((a, b) => compareRussian(a.name, b.name))
            .map((r) => ({ value: String(r.code), label: r.name }))}
          value={selected === undefined ? null : String(selected)}
          onChange={(value) => value && onSelect(Number(value))}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      <div className={classes.frame}>
        {/* biome-ignore lint/a11y/useSemanticElements: the subjects of an SVG map are grouped under its name; a <fieldset> cannot hold SVG */}
        <svg
          ref={svg}
          className={classes.map}
          viewBox={viewBoxOf(view)}
          role="group"
          aria-label="Карта субъектов России"
          onMouseLeave={() => setTipCode(focused)}
        >
          {shapes.map((s) => {
            const region = byCode.get(s.code);
            if (!region) return null;
            const label = `${region.name}: ${operatorCountText(region.operatorCount)}`;
            const shade = shadeFor(region.operatorCount);
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it is given the role, its name, Tab and keys
              <g
                key={s.code}
                role="button"
                aria-label={label}
                aria-pressed={selected === s.code}
                data-code={s.code}
                tabIndex={s.code === tabStop ? 0 : -1}
                className={classes.subject}
                style={{ fill: shade.background }}
                onClick={() => onSelect(s.code)}
                onKeyDown={(event) => onKeyDown(event, s.code)}
                onFocus={(event) => {
                  // The ring is for the keyboard; a click or a tap shows the choice's own line.
                  setFocused(event.currentTarget.matches(':focus-visible') ? s.code : undefined);
                  setTipCode(s.code);
                }}
                onBlur={() => {
                  setFocused(undefined);
                  setTipCode(undefined);
                }}
                onMouseEnter={() => setTipCode(s.code)}
              >
                <path d={s.d} fillRule="evenodd" />
              </g>
            );
          })}
          {/* Lines over the fills: drawn once, and not along Chukotka's cut at 180°. */}
          <path d={layout.borders} className={classes.borders} />
          <path d={layout.outline} className={classes.outline} />
          {shapes
            .filter((s) => s.small)
            .map((s) => {
              const shade = shadeFor(byCode.get(s.code)?.operatorCount ?? 0);
              // A pointer's way to a small subject (aria-hidden): keys reach it by its shape, named and focusable above.
              return (
                <circle
                  key={s.code}
                  cx={s.cx}
                  cy={s.cy}
                  r={marker}
                  className={classes.marker}
                  style={{ fill: shade.background, stroke: shade.edge }}
                  data-marker={s.code}
                  aria-hidden
                  onClick={() => onSelect(s.code)}
                  onMouseEnter={() => setTipCode(s.code)}
                />
              );
            })}
          {selectedRing && <Ring shape={selectedRing} marker={marker} className={classes.selected} />}
          {focusRing && <Ring shape={focusRing} marker={marker} className={classes.focusRing} />}
        </svg>
        {tipRegion && tipStyle && (
          <div className={`${classes.tip} ${tipSide}`} style={tipStyle} aria-hidden data-testid="region-map-tip">
            <strong>{tipRegion.name}</strong>
            <br />
            {operatorCountText(tipRegion.operatorCount)}
          </div>
        )}
      </div>
    </div>
  );
}
