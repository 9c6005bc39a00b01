// The coverage feature's public face: other features, pages and the app import only what is listed here.
export { getCoverageGeoJsonQueryOptions, getCoverageMapQueryOptions } from './api';
export { CoverageMap } from './components/coverage-map-lazy';
