import 'leaflet/dist/leaflet.css';
import { useMediaQuery } from '@mantine/hooks';
import type { GeoJsonObject } from 'geojson';
import L from 'leaflet';
import { CircleMarker, GeoJSON, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

export type Projection = 'None' | 'Cartesian' | 'SphericalMecrator' | 'Wgs84Mercator';

/** Leaflet's coordinate system for a map source's projection (docs/product.md §11). */
export function crsFor(projection: Projection): L.CRS {
  switch (projection) {
    case 'Wgs84Mercator':
      return L.CRS.EPSG3395;
    case 'Cartesian':
      return L.CRS.Simple;
    default:
      return L.CRS.EPSG3857;
  }
}

// Kaliningrad to Chukotka's eastern tip, which the base map draws east of 180° (190.4°) so the country stays whole.
const RUSSIA: L.LatLngBoundsExpression = [
  [41.5, 19.5],
  [78, 191],
];

// Cities named on the map at once (fewer on a phone, where labels would overlap); the others on hover.
const LABELLED = new Set(['Москва', 'Санкт-Петербург', 'Новосибирск', 'Екатеринбург', 'Владивосток']);
const LABELLED_COMPACT = new Set(['Москва', 'Новосибирск', 'Владивосток']);

// Colours of the base map: pale land (every federal subject alike) on a pale sea, grey borders, a
// darker outline of the country.
const SEA = '#dcebf3';
const BASE_STYLE: Record<string, L.PathOptions> = {
  subject: { stroke: false, fillColor: '#f7f5ef', fillOpacity: 1 },
  borders: { color: '#aab3bb', weight: 0.6, fill: false },
  outline: { color: '#5c636a', weight: 1.2, fill: false },
};

/** Style of a base-map feature by its `kind` (subject, borders, outline). */
export function baseMapStyle(feature: { properties?: { kind?: string } | null } | undefined): L.PathOptions {
  return BASE_STYLE[feature?.properties?.kind ?? ''] ?? BASE_STYLE.borders ?? {};
}

/**
 * A tooltip's text as Leaflet's own content, so the tooltip has its name from the moment it is drawn:
 * text given as React children arrives a render later (react-leaflet portals it in once the tooltip
 * has opened), and a screen reader, or an accessibility check, could meet an empty tooltip meanwhile.
 * An element with a text node, not a string: Leaflet writes a string content as HTML. Leaflet calls
 * this when it draws the tooltip, so rendering the map makes no DOM of its own.
 */
function textLabel(name: string): () => HTMLElement {
  return () => {
    const span = document.createElement('span');
    span.textContent = name;
    return span;
  };
}

export interface CoverageMapProps {
  projection: Projection;
  color: string;
  geojson: GeoJsonObject | undefined;
  /** XYZ tile template of a tile server; without one the site's own outline of Russia is the base map. */
  tileUrl: string | null;
  /** Russia's outline and federal subjects in longitude/latitude (public/maps/russia.json). */
  baseMap: GeoJsonObject | undefined;
  attribution: string;
  cities: { name: string; lat: number; lon: number }[];
  /** A layer source draws the operator's own tiles. */
  layerUrl?: string | null;
}

/** The coverage of one operator over Russia, in the projection its source is drawn in. */
export function CoverageMap({
  projection,
  color,
  geojson,
  tileUrl,
  baseMap,
  attribution,
  cities,
  layerUrl,
}: CoverageMapProps) {
  const crs = crsFor(projection);
  const compact = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const labelled = compact ? LABELLED_COMPACT : LABELLED;
  // The outline is in longitude and latitude: it fits the geographic projections, not plain x/y.
  const drawBase = !tileUrl && baseMap && projection !== 'Cartesian';
  return (
    <MapContainer
      // Leaflet cannot switch coordinate systems in place: a new projection is a new map.
      key={`${projection}-${compact}`}
      crs={crs}
      // Russia from Kaliningrad to Chukotka fills the frame.
      bounds={RUSSIA}
      // Fractional zooms let the whole country fit a phone's width.
      zoomSnap={0.25}
      minZoom={1}
      maxZoom={10}
      style={{ height: compact ? 360 : 520, width: '100%', borderRadius: 8, background: SEA }}
      attributionControl={Boolean(tileUrl)}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
      {drawBase && <GeoJSON data={baseMap} style={baseMapStyle} interactive={false} />}
      {layerUrl && <TileLayer url={layerUrl} opacity={0.6} />}
      {geojson && (
        <GeoJSON
          // New data needs a new layer: react-leaflet does not diff GeoJSON.
          key={JSON.stringify(geojson).length + color}
          data={geojson}
          style={{ color, weight: 1, fillColor: color, fillOpacity: 0.35 }}
        />
      )}
      {cities.map((c) => (
        <CircleMarker
          key={c.name}
          center={[c.lat, c.lon]}
          radius={3}
          pathOptions={{ color: '#333', weight: 1, fillOpacity: 1 }}
        >
          <Tooltip direction="right" offset={[4, 0]} permanent={labelled.has(c.name)} content={textLabel(c.name)} />
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
