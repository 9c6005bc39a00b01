// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export { presentOperator } from './presenter';
export { type OperatorSeed, operators } from './reference-data';
export { listedOperatorSlugs, listRegionOperators, operatorsVersion } from './repository';
export { operatorLegalNames, operators as operatorsTable, regionOperators } from './tables';
