import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineFault, openssl } from './openssl';

/**
 * GOST R 34.10-2012 signatures with the GOST R 34.11-2012 hash (Streebog), made and checked by Debian's
 * `openssl` with the GOST engine (package `libengine-gost-openssl`), one child process per operation
 * (decision 050). Node's own crypto is built on its bundled OpenSSL, which cannot load that engine.
 *
 * Byte orders are the engine's, which are those of RFC 4491 and of ESIA's tokens: a signature is s ‖ r,
 * each big-endian and as long as the key's half (32 or 64 bytes); a digest is the hash's bytes as the
 * hash writes them (the standard's integer read little-endian); a public key in a certificate is X ‖ Y,
 * each little-endian, in an OCTET STRING.
 */

/** ESIA's JWT `alg` names of GOST R 34.10-2012 with the Streebog hash of the same length. */
export const GOST_ALGORITHMS = ['GOST3410_2012_256', 'GOST3410_2012_512'] as const;
export type GostAlgorithm = (typeof GOST_ALGORITHMS)[number];

interface GostParameters {
  /** OpenSSL's name of the Streebog digest. */
  digest: string;
  /** OpenSSL's name of the key algorithm, and the parameter set of keys made here. */
  keyAlgorithm: string;
  paramset: string;
  /** OID of the public key algorithm in a certificate or SubjectPublicKeyInfo. */
  keyOid: string;
  /** s ‖ r */
  signatureBytes: number;
}

export const GOST: Record<GostAlgorithm, GostParameters> = {
  GOST3410_2012_256: {
    digest: 'md_gost12_256',
    keyAlgorithm: 'gost2012_256',
    paramset: 'A',
    keyOid: '1.2.643.7.1.1.1.1',
    signatureBytes: 64,
  },
  GOST3410_2012_512: {
    digest: 'md_gost12_512',
    keyAlgorithm: 'gost2012_512',
    paramset: 'A',
    keyOid: '1.2.643.7.1.1.1.2',
    signatureBytes: 128,
  },
};

export function isGostAlgorithm(value: unknown): value is GostAlgorithm {
  return typeof value === 'string' && (GOST_ALGORITHMS as readonly string[]).includes(value);
}

/** What is signed or checked: the message (hashed with Streebog inside OpenSSL), or its Streebog digest. */
export type GostInput = { data: Uint8Array | string } | { digest: Uint8Array };

function inputArgs(algorithm: GostAlgorithm, input: GostInput): string[] {
  return 'data' in input ? ['-rawin', '-digest', GOST[algorithm].digest] : [];
}

function inputBytes(input: GostInput): Uint8Array | string {
  return 'data' in input ? input.data : input.digest;
}

/**
 * Checks a GOST R 34.10-2012 signature (s ‖ r) with the public key of `pem` (a certificate or a
 * SubjectPublicKeyInfo). False for a signature that does not verify, whatever is wrong with it; throws
 * GostUnavailable when OpenSSL, the engine or the key cannot be used.
 */
export async function gostVerify(
  algorithm: GostAlgorithm,
  pem: string,
  input: GostInput,
  signature: Uint8Array,
): Promise<boolean> {
  if (signature.length !== GOST[algorithm].signatureBytes) return false;
  const keyKind = pem.includes('-----BEGIN CERTIFICATE-----') ? '-certin' : '-pubin';
  const run = await openssl(
    (f) => [
      'pkeyutl',
      '-verify',
      keyKind,
      '-inkey',
      f.key as string,
      '-sigfile',
      f.sig as string,
      ...inputArgs(algorithm, input),
    ],
    { key: pem, sig: signature },
    inputBytes(input),
  );
  const said = run.stdout.toString();
  if (run.code === 0 && said.includes('Signature Verified Successfully')) return true;
  if (run.code === 1 && said.includes('Signature Verification Failure')) return false;
  throw engineFault(run);
}

/** Signs with a GOST R 34.10-2012 private key (PEM): s ‖ r. For the ESIA stand-in and tests. */
export async function gostSign(algorithm: GostAlgorithm, privateKeyPem: string, input: GostInput): Promise<Buffer> {
  const run = await openssl(
    (f) => ['pkeyutl', '-sign', '-inkey', f.key as string, ...inputArgs(algorithm, input)],
    { key: privateKeyPem },
    inputBytes(input),
  );
  if (run.code !== 0 || run.stdout.length !== GOST[algorithm].signatureBytes) throw engineFault(run);
  return run.stdout;
}

/** A key pair made at start and its self-signed certificate (PEM), as ESIA publishes its own. */
export interface GostCredentials {
  privateKeyPem: string;
  certificatePem: string;
}

/** Makes a key of the algorithm's length and a self-signed certificate for it, valid a year. */
export async function generateGostCredentials(algorithm: GostAlgorithm, commonName: string): Promise<GostCredentials> {
  const { keyAlgorithm, paramset, digest } = GOST[algorithm];
  const dir = await mkdtemp(join(tmpdir(), 'perenos-gost-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const run = await openssl(
      () => [
        'req',
        '-x509',
        '-newkey',
        keyAlgorithm,
        '-pkeyopt',
        `paramset:${paramset}`,
        `-${digest}`,
        '-nodes',
        '-days',
        '365',
        '-subj',
        `/CN=${commonName.replace(/[/=\\]/g, ' ')}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      {},
      '',
    );
    if (run.code !== 0) throw engineFault(run);
    return { privateKeyPem: await readFile(key, 'utf8'), certificatePem: await readFile(cert, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Streebog-256 of the empty message (GOST R 34.11-2012): the engine answers it or is not the engine. */
const EMPTY_STREEBOG_256 = '3f539a213e97c802cc229d474c6aa32a825a360b2a933a949fd925208d9ce1bb';

/** Fails fast, with the command to type, when OpenSSL or its GOST engine is missing or is not GOST. */
export async function checkGostEngine(): Promise<void> {
  const run = await openssl(() => ['dgst', '-md_gost12_256', '-binary'], {}, '');
  if (run.code !== 0 || run.stdout.toString('hex') !== EMPTY_STREEBOG_256) throw engineFault(run);
}

/** The Streebog digest of `data` of the algorithm's length (GOST R 34.11-2012), as the hash writes its bytes. */
export async function gostDigest(algorithm: GostAlgorithm, data: Uint8Array | string): Promise<Buffer> {
  const run = await openssl(() => ['dgst', `-${GOST[algorithm].digest}`, '-binary'], {}, data);
  if (run.code !== 0 || run.stdout.length !== GOST[algorithm].signatureBytes / 2) throw engineFault(run);
  return run.stdout;
}
