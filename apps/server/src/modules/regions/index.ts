// The public face of regions: what other modules may use (docs/architecture.md, decision 110).
export { regions } from './reference-data';
export { findRegion } from './service';
