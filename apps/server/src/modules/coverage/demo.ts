/** Large cities with their coordinates (latitude, longitude): the demo's coverage centres and the map's landmarks. */
export const CITIES: { name: string; lat: number; lon: number }[] = [
  { name: 'Москва', lat: 55.75, lon: 37.62 },
  { name: 'Санкт-Петербург', lat: 59.94, lon: 30.31 },
  { name: 'Новосибирск', lat: 55.03, lon: 82.92 },
  { name: 'Екатеринбург', lat: 56.84, lon: 60.61 },
  { name: 'Казань', lat: 55.79, lon: 49.12 },
  { name: 'Нижний Новгород', lat: 56.33, lon: 44.0 },
  { name: 'Челябинск', lat: 55.16, lon: 61.4 },
  { name: 'Самара', lat: 53.2, lon: 50.15 },
  { name: 'Омск', lat: 54.99, lon: 73.37 },
  { name: 'Ростов-на-Дону', lat: 47.23, lon: 39.72 },
  { name: 'Уфа', lat: 54.74, lon: 55.97 },
  { name: 'Красноярск', lat: 56.01, lon: 92.87 },
  { name: 'Воронеж', lat: 51.67, lon: 39.18 },
  { name: 'Пермь', lat: 58.01, lon: 56.25 },
  { name: 'Волгоград', lat: 48.71, lon: 44.51 },
  { name: 'Краснодар', lat: 45.04, lon: 38.98 },
  { name: 'Тюмень', lat: 57.15, lon: 65.53 },
  { name: 'Иркутск', lat: 52.29, lon: 104.28 },
  { name: 'Хабаровск', lat: 48.48, lon: 135.08 },
  { name: 'Владивосток', lat: 43.12, lon: 131.89 },
  { name: 'Якутск', lat: 62.03, lon: 129.73 },
  { name: 'Мурманск', lat: 68.97, lon: 33.07 },
  { name: 'Архангельск', lat: 64.54, lon: 40.54 },
  { name: 'Калининград', lat: 54.71, lon: 20.51 },
  { name: 'Сургут', lat: 61.25, lon: 73.4 },
  { name: 'Норильск', lat: 69.35, lon: 88.2 },
  { name: 'Магадан', lat: 59.57, lon: 150.8 },
  { name: 'Петропавловск-Камчатский', lat: 53.02, lon: 158.65 },
  { name: 'Симферополь', lat: 44.95, lon: 34.1 },
  { name: 'Томск', lat: 56.48, lon: 84.95 },
];

/** A circle of `radiusKm` around a point as a GeoJSON ring (longitude, latitude). */
function circle(lat: number, lon: number, radiusKm: number): [number, number][] {
  const points: [number, number][] = [];
  const dLat = radiusKm / 111;
  // A degree of longitude shrinks with the cosine of latitude.
  const dLon = radiusKm / (111 * Math.cos((lat * Math.PI) / 180));
  for (let i = 0; i <= 48; i++) {
    const a = (i / 48) * 2 * Math.PI;
    points.push([Number((lon + dLon * Math.cos(a)).toFixed(4)), Number((lat + dLat * Math.sin(a)).toFixed(4))]);
  }
  return points;
}

/** Demo coverage: circles around the cities an operator serves, as a FeatureCollection. */
export function demoCoverage(radiusKm: number, cityNames?: string[]) {
  const cities = cityNames ? CITIES.filter((c) => cityNames.includes(c.name)) : CITIES;
  return {
    type: 'FeatureCollection' as const,
    features: cities.map((c) => ({
      type: 'Feature' as const,
      properties: { city: c.name },
      geometry: { type: 'Polygon' as const, coordinates: [circle(c.lat, c.lon, radiusKm)] },
    })),
  };
}

// Demo sources: national networks as GeoJSON of their own (Билайн's in the Wgs84 Mercator projection, to
// exercise it), Yota as a link to the operator's own map, the rest without a map.
export const DEMO_SOURCES: Record<
  string,
  { kind: string; projection: string; url?: string; radiusKm?: number; cities?: string[] }
> = {
  mts: { kind: 'GeoCollection', projection: 'SphericalMecrator', radiusKm: 190 },
  megafon: { kind: 'GeoCollection', projection: 'SphericalMecrator', radiusKm: 175 },
  beeline: { kind: 'GeoCollection', projection: 'Wgs84Mercator', radiusKm: 150 },
  t2: { kind: 'GeoCollection', projection: 'SphericalMecrator', radiusKm: 130 },
  motiv: {
    kind: 'GeoCollection',
    projection: 'SphericalMecrator',
    radiusKm: 160,
    cities: ['Екатеринбург', 'Сургут', 'Тюмень'],
  },
  yota: { kind: 'Reference', projection: 'None', url: 'https://www.yota.ru/coverage' },
};
