// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export type { LookupAnswer } from './index/engine';
export { LookupEngine } from './index/engine';
export {
  flushPortedWrites,
  lockPortedWrites,
  planVersion,
  portedInRegistrySince,
  queuePortedWrites,
  upsertPorted,
} from './repository';
export { quotaExhausted } from './service';
