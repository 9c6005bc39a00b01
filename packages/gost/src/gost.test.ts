import * as asn1js from 'asn1js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkGostEngine,
  GOST,
  type GostAlgorithm,
  type GostCredentials,
  generateGostCredentials,
  gostSign,
  gostVerify,
} from './index';

const hex = (text: string) => Buffer.from(text, 'hex');
const reversed = (bytes: Uint8Array) => Buffer.from(bytes).reverse();
function flipped(bytes: Uint8Array, at = 0): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

/**
 * The standard's examples are on its test curves, which no certificate names: the key is written here
 * as a SubjectPublicKeyInfo of RFC 4491 — X and Y of Q each little-endian, in an OCTET STRING.
 */
function testKeyPem(keyOid: string, params: string[], x: string, y: string, littleEndian = true): string {
  const order = (v: string) => (littleEndian ? reversed(hex(v)) : hex(v));
  const point = new asn1js.OctetString({ valueHex: Buffer.concat([order(x), order(y)]) });
  const spki = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: keyOid }),
          new asn1js.Sequence({ value: params.map((value) => new asn1js.ObjectIdentifier({ value })) }),
        ],
      }),
      new asn1js.BitString({ valueHex: point.toBER() }),
    ],
  });
  const base64 = Buffer.from(spki.toBER()).toString('base64');
  return `-----BEGIN PUBLIC KEY-----\n${base64.replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`;
}

/**
 * GOST R 34.10-2012, Appendix A (also RFC 7091 §7): the public key Q, the hash as the integer e
 * (α), and the signature (r, s). The digest OpenSSL takes is e's bytes least significant first.
 */
const EXAMPLES: Record<
  GostAlgorithm,
  { params: string[]; qx: string; qy: string; e: string; r: string; s: string; name: string }
> = {
  GOST3410_2012_256: {
    name: 'A.1, 256-bit test curve',
    // id-GostR3410-2001-TestParamSet, Streebog-256
    params: ['1.2.643.2.2.35.0', '1.2.643.7.1.1.2.2'],
    qx: '7F2B49E270DB6D90D8595BEC458B50C58585BA1D4E9B788F6689DBD8E56FD80B',
    qy: '26F1B489D6701DD185C8413A977B3CBBAF64D1C593D26627DFFB101A87FF77DA',
    e: '2DFBC1B372D89A1188C09C52E0EEC61FCE52032AB1022E8E67ECE6672B043EE5',
    r: '41AA28D2F1AB148280CD9ED56FEDA41974053554A42767B83AD043FD39DC0493',
    s: '01456C64BA4642A1653C235A98A60249BCD6D3F746B631DF928014F6C5BF9C40',
  },
  GOST3410_2012_512: {
    name: 'A.2, 512-bit test curve',
    // id-tc26-gost-3410-2012-512-paramSetTest
    params: ['1.2.643.7.1.2.1.2.0'],
    qx:
      '115DC5BC96760C7B48598D8AB9E740D4C4A85A65BE33C1815B5C320C854621DD' +
      '5A515856D13314AF69BC5B924C8B4DDFF75C45415C1D9DD9DD33612CD530EFE1',
    qy:
      '37C7C90CD40B0F5621DC3AC1B751CFA0E2634FA0503B3D52639F5D7FB72AFD61' +
      'EA199441D943FFE7F0C70A2759A3CDB84C114E1F9339FDF27F35ECA93677BEEC',
    e:
      '3754F3CFACC9E0615C4F4A7C4D8DAB531B09B6F9C170C533A71D147035B0C591' +
      '7184EE536593F4414339976C647C5D5A407ADEDB1D560C4FC6777D2972075B8C',
    r:
      '2F86FA60A081091A23DD795E1E3C689EE512A3C82EE0DCC2643C78EEA8FCACD3' +
      '5492558486B20F1C9EC197C90699850260C93BCBCD9C5C3317E19344E173AE36',
    s:
      '1081B394696FFE8E6585E7A9362D26B6325F56778AADBC081C0BFBE933D52FF5' +
      '823CE288E8C4F362526080DF7F70CE406A6EEB1F56919CB92A9853BDE73E5B4A',
  },
};

/**
 * GOST R 34.11-2012 (RFC 6986 §10): M1 is 63 ASCII digits, M2 a line of «Слово о полку Игореве» in
 * windows-1251. The standard prints messages and hashes as numbers, most significant byte first; these
 * are the byte strings (its printouts reversed), as every implementation and OpenSSL write them.
 */
const M1 = Buffer.from('012345678901234567890123456789012345678901234567890123456789012', 'ascii');
const M2 = hex(
  'd1e520e2e5f2f0e82c20d1f2f0e8e1eee6e820e2edf3f6e82c20e2e5fef2fa20f120eceef0ff20f1f2f0e5ebe0ece820ede020f5f0e0e1f0fbff20efebfaeafb20c8e3eef0e5e2fb',
);
const STREEBOG: Record<GostAlgorithm, { m1: string; m2: string }> = {
  GOST3410_2012_256: {
    m1: '9d151eefd8590b89daa6ba6cb74af9275dd051026bb149a452fd84e5e57b5500',
    m2: '9dd2fe4e90409e5da87f53976d7405b0c0cac628fc669a741d50063c557e8f50',
  },
  GOST3410_2012_512: {
    m1:
      '1b54d01a4af5b9d5cc3d86d68d285462b19abc2475222f35c085122be4ba1ffa' +
      '00ad30f8767b3a82384c6574f024c311e2a481332b08ef7f41797891c1646f48',
    m2:
      '1e88e62226bfca6f9994f1f2d51569e0daf8475a3b0fe61a5300eee46d961376' +
      '035fe83549ada2b8620fcd7c496ce5b33f0cb9dddc2b6460143b03dabac9fb28',
  },
};

const ALGORITHMS = Object.keys(GOST) as GostAlgorithm[];
const keys = {} as Record<GostAlgorithm, GostCredentials>;

beforeAll(async () => {
  await checkGostEngine();
  for (const algorithm of ALGORITHMS) keys[algorithm] = await generateGostCredentials(algorithm, 'gost test');
}, 60_000);

describe.each(ALGORITHMS)('GOST R 34.10-2012 example of the standard (%s)', (algorithm) => {
  const ex = EXAMPLES[algorithm];
  const key = testKeyPem(GOST[algorithm].keyOid, ex.params, ex.qx, ex.qy);
  const digest = reversed(hex(ex.e));
  const signature = Buffer.concat([hex(ex.s), hex(ex.r)]);

  it(`verifies the signature of ${ex.name}, written s ‖ r`, async () => {
    expect(await gostVerify(algorithm, key, { digest }, signature)).toBe(true);
  });

  it('refuses it for another hash, an altered s or r, r ‖ s, or Q written big-endian', async () => {
    expect(await gostVerify(algorithm, key, { digest: flipped(digest) }, signature)).toBe(false);
    expect(await gostVerify(algorithm, key, { digest }, flipped(signature, 5))).toBe(false);
    expect(await gostVerify(algorithm, key, { digest }, flipped(signature, signature.length - 1))).toBe(false);
    expect(await gostVerify(algorithm, key, { digest }, Buffer.concat([hex(ex.r), hex(ex.s)]))).toBe(false);
    const bigEndian = testKeyPem(GOST[algorithm].keyOid, ex.params, ex.qx, ex.qy, false);
    await expect(gostVerify(algorithm, bigEndian, { digest }, signature)).rejects.toThrow(/ГОСТ/);
  });

  it('refuses a signature of the wrong length without asking OpenSSL', async () => {
    expect(await gostVerify(algorithm, 'not a key', { digest }, signature.subarray(1))).toBe(false);
  });
});

describe.each(ALGORITHMS)('Streebog of the standard, inside the signature check (%s)', (algorithm) => {
  it.each([
    ['M1', M1, 'm1'],
    ['M2', M2, 'm2'],
  ] as const)('hashes %s to the standard’s digest', async (_name, message, which) => {
    const { privateKeyPem, certificatePem } = keys[algorithm];
    // Signed over the standard's digest of the message: the check of the message itself passes only when
    // the hash OpenSSL computes is exactly that digest.
    const signature = await gostSign(algorithm, privateKeyPem, { digest: hex(STREEBOG[algorithm][which]) });
    expect(await gostVerify(algorithm, certificatePem, { data: message }, signature)).toBe(true);
    expect(await gostVerify(algorithm, certificatePem, { data: Buffer.concat([message, hex('00')]) }, signature)).toBe(
      false,
    );
  });
});

describe('keys made here', () => {
  it('sign and verify a message; another key of the same kind does not verify it', async () => {
    const message = 'eyJhbGciOiJHT1NUMzQxMF8yMDEyXzI1NiJ9.eyJzdWIiOiIxIn0';
    const { privateKeyPem, certificatePem } = keys.GOST3410_2012_256;
    const signature = await gostSign('GOST3410_2012_256', privateKeyPem, { data: message });
    expect(signature).toHaveLength(64);
    expect(await gostVerify('GOST3410_2012_256', certificatePem, { data: message }, signature)).toBe(true);
    const other = await generateGostCredentials('GOST3410_2012_256', 'other');
    expect(await gostVerify('GOST3410_2012_256', other.certificatePem, { data: message }, signature)).toBe(false);
  });

  it('throws, rather than answering false, when the key cannot be read', async () => {
    const signature = Buffer.alloc(64, 1);
    await expect(
      gostVerify(
        'GOST3410_2012_256',
        '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n',
        { data: 'x' },
        signature,
      ),
    ).rejects.toThrow(/libengine-gost-openssl/);
  });
});
