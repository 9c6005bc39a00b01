import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BrowserOnly } from '../../../components/browser-only';
import type { CoverageMapProps } from './coverage-map';

// Leaflet needs a window from its first line: the map's code loads in the browser only, after the page.
const LeafletMap = lazy(() => import('./coverage-map').then((m) => ({ default: m.CoverageMap })));

/** The map's place while its code loads, of the map's size, so nothing below it moves when it arrives. */
function MapPlace() {
  return <Box h={{ base: 360, xs: 520 }} bg="#dcebf3" style={{ borderRadius: 8 }} aria-hidden="true" />;
}

/** The coverage of one operator over Russia (see coverage-map.tsx), drawn in the browser. */
export function CoverageMap(props: CoverageMapProps) {
  return (
    <BrowserOnly fallback={<MapPlace />}>
      <Suspense fallback={<MapPlace />}>
        <LeafletMap {...props} />
      </Suspense>
    </BrowserOnly>
  );
}
