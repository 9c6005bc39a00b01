// The public face of tariffs: what other modules may use (docs/architecture.md, decision 110).
export { listOperatorTiles } from './operator-tiles';
export { cheapestTariffIn, tariffChangesByRegion, tariffForRegion } from './repository';
