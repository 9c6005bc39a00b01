import 'leaflet/dist/leaflet.css';
import type { GeoJsonObject } from 'geojson';
import L from 'leaflet';
import { CircleMarker, GeoJSON, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

export type Projection = 'None' | 'Cartesian' | 'SphericalMecrator' | 'Wgs84Mercator';

/** Leaflet's coordinate system for a map source's projection (PRODUCT.md §6). */
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

interface CoverageMapProps {
  projection: Projection;
  color: string;
  geojson: GeoJsonObject | undefined;
  /** XYZ tile template of the base map; none draws the coverage over a plain background with city marks. */
  tileUrl: string | null;
  attribution: string;
  cities: { name: string; lat: number; lon: number }[];
  /** A layer source draws the operator's own tiles. */
  layerUrl?: string | null;
}

/** The coverage of one operator over Russia, in the projection its source is drawn in. */
export function CoverageMap({ projection, color, geojson, tileUrl, attribution, cities, layerUrl }: CoverageMapProps) {
  const crs = crsFor(projection);
  return (
    <MapContainer
      // Leaflet cannot switch coordinate systems in place: a new projection is a new map.
      key={projection}
      crs={crs}
      center={[60, 90]}
      zoom={3}
      minZoom={2}
      maxZoom={10}
      style={{ height: 520, width: '100%', borderRadius: 8, background: '#e8f1f5' }}
      attributionControl={Boolean(tileUrl)}
    >
      {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
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
          <Tooltip direction="right" offset={[4, 0]} permanent={c.name === 'Москва' || c.name === 'Новосибирск'}>
            {c.name}
          </Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
