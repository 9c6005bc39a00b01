// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
export type { LookupAnswer } from './index/engine';
export { LookupEngine } from './index/engine';
export { lockPortedWrites, upsertPorted } from './repository';
export { quotaExhausted } from './service';
export { portedNumbers } from './tables';
