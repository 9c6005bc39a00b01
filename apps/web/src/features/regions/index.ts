// The regions feature's public face: other features, pages and the app import only what is listed here.
export { getRegionOperatorsQueryOptions, getRegionQueryOptions, getRegionsQueryOptions, useRegions } from './api';
export { RegionMap, SHADES } from './components/region-map';
