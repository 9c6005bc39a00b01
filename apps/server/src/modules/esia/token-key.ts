import { GOST, GOST_ALGORITHMS, type GostAlgorithm } from '@perenos/gost';
import { type CryptoKey, importSPKI } from 'jose';
import * as pkijs from 'pkijs';

/**
 * ESIA's key, and with it the one `alg` its tokens may carry: RS256 for an RSA key (the stand-in's
 * default), GOST3410_2012_256 or _512 for a GOST R 34.10-2012 key of that length (the real ESIA).
 * A token whose `alg` is any other is refused before its signature is looked at (decision 050).
 */
export type EsiaTokenKey = { alg: 'RS256'; key: CryptoKey } | { alg: GostAlgorithm; pem: string };

const RSA_OID = '1.2.840.113549.1.1.1';
const PEM_BLOCK = /-----BEGIN (CERTIFICATE|PUBLIC KEY)-----([A-Za-z0-9+/=\s]+)-----END \1-----/;

function pem(label: string, der: ArrayBuffer): string {
  const base64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/(.{64})/g, '$1\n').trim()}\n-----END ${label}-----\n`;
}

/**
 * Reads ESIA's certificate or public key (`ESIA_PUBLIC_KEY`, PEM; the first certificate or key of the
 * file) and tells its kind by the key's algorithm OID. Throws with a Russian message naming the variable.
 */
export async function loadEsiaTokenKey(text: string): Promise<EsiaTokenKey> {
  const block = PEM_BLOCK.exec(text);
  if (!block) {
    throw new Error(
      'ESIA_PUBLIC_KEY: ожидается PEM-файл с сертификатом ЕСИА (BEGIN CERTIFICATE) или её открытым ключом (BEGIN PUBLIC KEY)',
    );
  }
  const [, label = '', body = ''] = block;
  const der = new Uint8Array(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  let spki: pkijs.PublicKeyInfo;
  try {
    spki =
      label === 'CERTIFICATE' ? pkijs.Certificate.fromBER(der).subjectPublicKeyInfo : pkijs.PublicKeyInfo.fromBER(der);
  } catch {
    throw new Error(`ESIA_PUBLIC_KEY: ${label === 'CERTIFICATE' ? 'сертификат' : 'открытый ключ'} не читается`);
  }
  const oid = spki.algorithm.algorithmId;
  const spkiPem = pem('PUBLIC KEY', spki.toSchema().toBER(false));
  if (oid === RSA_OID) return { alg: 'RS256', key: await importSPKI(spkiPem, 'RS256') };
  const gost = GOST_ALGORITHMS.find((alg) => GOST[alg].keyOid === oid);
  if (gost) return { alg: gost, pem: spkiPem };
  throw new Error(`ESIA_PUBLIC_KEY: ключ не RSA и не ГОСТ Р 34.10-2012 (алгоритм ${oid})`);
}
