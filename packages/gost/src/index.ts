// The GOST package's face: signatures and digests (gost.ts), CMS documents signed with them (cms.ts), and a
// certification centre that issues GOST certificates (ca.ts).
export {
  type CertificateProfile,
  type CertificateRequest,
  type IssuedCertificate,
  issueCertificate,
} from './ca';
export {
  type CertificateFacts,
  certificateFacts,
  certificatePem,
  type ExpectedSigner,
  pemCertificates,
  type SignatureRefusal,
  type SignatureVerdict,
  signDetached,
  verifyDetachedSignature,
} from './cms';
export {
  checkGostEngine,
  GOST,
  GOST_ALGORITHMS,
  type GostAlgorithm,
  type GostCredentials,
  type GostInput,
  generateGostCredentials,
  gostDigest,
  gostSign,
  gostVerify,
  isGostAlgorithm,
} from './gost';
export { GOST_INSTALL, GostUnavailable } from './openssl';
