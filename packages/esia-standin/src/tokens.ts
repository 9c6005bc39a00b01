import { createHash } from 'node:crypto';
import { type GostAlgorithm, generateGostCredentials, gostSign, gostVerify } from '@perenos/gost';
import { decodeJwt, exportSPKI, generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** How the stand-in signs its tokens: RS256 by default, or GOST R 34.10-2012 as the real ESIA does. */
export type StandinTokenAlg = 'RS256' | GostAlgorithm;

/** The stand-in's token key: signs its tokens and checks them when they come back as Bearer. */
export interface TokenSigner {
  alg: StandinTokenAlg;
  /**
   * What `ESIA_PUBLIC_KEY` would hold for this stand-in: the public key (RS256), or a self-signed
   * certificate (GOST), as ESIA publishes its own.
   */
  keyPem: string;
  sign(claims: JWTPayload): Promise<string>;
  /** The claims of a token this key signed, checked for issuer and expiry; null for anything else. */
  verify(token: string, issuer: string, now: Date): Promise<JWTPayload | null>;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function kidOf(pem: string): string {
  return createHash('sha256').update(pem).digest('hex').slice(0, 16);
}

async function rsaSigner(): Promise<TokenSigner> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const keyPem = await exportSPKI(publicKey);
  const header = { alg: 'RS256', typ: 'JWT', kid: kidOf(keyPem) };
  return {
    alg: 'RS256',
    keyPem,
    sign: (claims) => new SignJWT(claims).setProtectedHeader(header).sign(privateKey),
    async verify(token, issuer, now) {
      try {
        return (await jwtVerify(token, publicKey, { issuer, algorithms: ['RS256'], currentDate: now })).payload;
      } catch {
        return null;
      }
    },
  };
}

/** A GOST key made at start (Debian's OpenSSL with the GOST engine, packages/gost), never stored. */
async function gostSigner(alg: GostAlgorithm): Promise<TokenSigner> {
  const { privateKeyPem, certificatePem } = await generateGostCredentials(alg, 'ESIA stand-in');
  const header = b64({ alg, typ: 'JWT', kid: kidOf(certificatePem) });
  return {
    alg,
    keyPem: certificatePem,
    async sign(claims) {
      const input = `${header}.${b64(claims)}`;
      const signature = await gostSign(alg, privateKeyPem, { data: input });
      return `${input}.${signature.toString('base64url')}`;
    },
    async verify(token, issuer, now) {
      const [h = '', p = '', s = '', ...rest] = token.split('.');
      if (h !== header || rest.length > 0) return null;
      if (!(await gostVerify(alg, certificatePem, { data: `${h}.${p}` }, Buffer.from(s, 'base64url')))) return null;
      const claims = decodeJwt(token);
      const live = typeof claims.exp === 'number' && claims.exp * 1000 > now.getTime();
      return claims.iss === issuer && live ? claims : null;
    },
  };
}

/** The signer of `alg`, with a key made now. */
export function createTokenSigner(alg: StandinTokenAlg): Promise<TokenSigner> {
  return alg === 'RS256' ? rsaSigner() : gostSigner(alg);
}
