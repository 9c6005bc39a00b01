// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
export type { LookupAnswer } from './engine';
export { LookupEngine } from './engine';
export { quotaExhausted } from './quota';
export { lockPortedWrites, upsertPorted } from './repository';
