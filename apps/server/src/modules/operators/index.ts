// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export { presentOperator } from './presenter';
export { type OperatorSeed, operators } from './reference-data';
export {
  allOperators,
  insertLegalName,
  insertRegistryOperator,
  legalNameSpellings,
  listedOperatorSlugs,
  listRegionOperators,
  type OperatorRef,
  operatorServesRegion,
  operatorsByIds,
  operatorsBySlugs,
  operatorsVersion,
  regionOperatorPairs,
} from './repository';
