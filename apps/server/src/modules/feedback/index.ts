// The public face of this module: other modules import only this file (docs/architecture.md, decision 110).
export { forgetOldFeedback } from './repository';
