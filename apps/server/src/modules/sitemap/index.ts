// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
// Nothing of it is used elsewhere: app.ts mounts its routes. It reads the news, operators, regions and
// tariffs through their faces.
export {};
