// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
// Its lists name the services a tariff may include (the tariff catalogue's import checks the slugs, decision 131).
export { serviceSlugs } from './repository';
