// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
// Nothing of it is used elsewhere yet: app.ts mounts its routes.
export {};
