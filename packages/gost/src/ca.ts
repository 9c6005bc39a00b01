import { randomBytes } from 'node:crypto';
import { GOST, type GostAlgorithm } from './gost';
import { engineFault, openssl } from './openssl';

/**
 * A certification centre of GOST R 34.10-2012 keys made by OpenSSL's GOST engine (`openssl ca`): a root,
 * the intermediate that issues people's certificates, and people's certificates whose subject names
 * them as Russian qualified certificates do (SN, G, CN and СНИЛС). For the Госключ stand-in and the
 * tests; validity dates are given, never taken from the machine's clock.
 */

/** A key and its certificate, PEM. */
export interface IssuedCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

/** What a certificate is for: a root, an intermediate CA, or a person's signature. */
export type CertificateProfile = 'root' | 'ca' | 'person';

export interface CertificateRequest {
  profile: CertificateProfile;
  /** The subject in order, as OpenSSL's short names and values: [['CN', 'Иванов Иван Иванович'], ['SNILS', '…']]. */
  subject: [string, string][];
  notBefore: Date;
  notAfter: Date;
  algorithm?: GostAlgorithm;
}

const EXTENSIONS: Record<CertificateProfile, string> = {
  root: 'basicConstraints = critical,CA:TRUE\nkeyUsage = critical,keyCertSign,cRLSign\nsubjectKeyIdentifier = hash',
  ca: 'basicConstraints = critical,CA:TRUE,pathlen:0\nkeyUsage = critical,keyCertSign,cRLSign\nsubjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid',
  person:
    'basicConstraints = critical,CA:FALSE\nkeyUsage = critical,digitalSignature,nonRepudiation\nextendedKeyUsage = emailProtection\nsubjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid',
};

/** `openssl ca`'s configuration: every subject kept as requested, the database in the run's own folder. */
function caConfig(profile: CertificateProfile, algorithm: GostAlgorithm): string {
  return `[ca]
default_ca = site
[site]
database = index.txt
new_certs_dir = .
serial = serial
default_md = ${GOST[algorithm].digest}
policy = any
unique_subject = no
copy_extensions = none
email_in_dn = no
utf8 = yes
string_mask = utf8only
[any]
commonName = optional
[issued]
${EXTENSIONS[profile]}
`;
}

/** `/C=RU/CN=…` with the separators of a value escaped. */
function subjectArg(subject: [string, string][]): string {
  return subject.map(([name, value]) => `/${name}=${value.replace(/([\\/+])/g, '\\$1')}`).join('');
}

/** `YYYYMMDDHHMMSSZ`, as `openssl ca -startdate` takes it. */
function asn1Time(at: Date): string {
  return `${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** Makes a key and issues its certificate: signed by `issuer`, or by itself for a root. */
export async function issueCertificate(
  request: CertificateRequest,
  issuer?: IssuedCertificate,
): Promise<IssuedCertificate> {
  const algorithm = request.algorithm ?? 'GOST3410_2012_256';
  const { keyAlgorithm, paramset, digest } = GOST[algorithm];
  const key = await openssl(() => ['genpkey', '-algorithm', keyAlgorithm, '-pkeyopt', `paramset:${paramset}`], {}, '');
  if (key.code !== 0) throw engineFault(key);
  const privateKeyPem = key.stdout.toString();
  const csr = await openssl(
    (f) => ['req', '-new', '-key', f.key as string, '-subj', subjectArg(request.subject), '-utf8', `-${digest}`],
    { key: privateKeyPem },
    '',
  );
  if (csr.code !== 0) throw engineFault(csr);
  // A random positive serial of 16 bytes: unique without a shared counter.
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x10;
  const signed = await openssl(
    (f) => [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      ...(issuer
        ? ['-cert', f.issuerCert as string, '-keyfile', f.issuerKey as string]
        : ['-selfsign', '-keyfile', f.key as string]),
      '-in',
      f.csr as string,
      '-extensions',
      'issued',
      '-startdate',
      asn1Time(request.notBefore),
      '-enddate',
      asn1Time(request.notAfter),
      '-preserveDN',
      '-notext',
    ],
    {
      'ca.cnf': caConfig(request.profile, algorithm),
      'index.txt': '',
      serial: `${serial.toString('hex').toUpperCase()}\n`,
      csr: csr.stdout,
      key: privateKeyPem,
      ...(issuer ? { issuerCert: issuer.certificatePem, issuerKey: issuer.privateKeyPem } : {}),
    },
    '',
    { inFolder: true },
  );
  if (signed.code !== 0 || !signed.stdout.includes('BEGIN CERTIFICATE')) throw engineFault(signed);
  return { certificatePem: signed.stdout.toString(), privateKeyPem };
}
