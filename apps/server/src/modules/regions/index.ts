// The public face of regions: what other modules may use (docs/architecture.md, decision 110).

export type { RegionOperatorList, RegionOperatorRow } from './presenter';
export { regions } from './reference-data';
export { regionNames, regionSlugs, regionsVersion } from './repository';
export { findRegion } from './service';
