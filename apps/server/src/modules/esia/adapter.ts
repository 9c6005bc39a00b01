import { randomUUID } from 'node:crypto';
import { GostUnavailable, gostVerify } from '@perenos/gost';
import {
  decodeProtectedHeader,
  type JWSHeaderParameters,
  type JWTClaimVerificationOptions,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
  UnsecuredJWT,
} from 'jose';
import type { Clock } from '../../lib/clock';
import type { EsiaSigner } from './signer';
import type { EsiaTokenKey } from './token-key';

/** ESIA's issuer, compared exactly. */
export const ESIA_ISSUER = 'http://esia.gosuslugi.ru/';

/** What the adapter needs to speak to one ESIA (the real one or the stand-in). */
export interface EsiaAdapterOptions {
  clientId: string;
  scope: string;
  clientCertificateHash: string;
  signer: EsiaSigner;
  /** ESIA's key (token-key.ts): tokens are accepted only when signed by it, with its algorithm. */
  tokenKey: EsiaTokenKey;
  /** HTTP for the server-to-server calls (replaceable so tests can run without a socket). */
  http?: (url: string, init: RequestInit) => Promise<Response>;
  now: Clock;
}

/** A protocol failure: the sign-in cannot continue; `reason` is for the log, never for the page. */
export class EsiaError extends Error {}

/** ESIA's `yyyy.MM.dd HH:mm:ss Z` in UTC (`+0000`). */
export function esiaTimestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}.${p(date.getUTCMonth() + 1)}.${p(date.getUTCDate())} ` +
    `${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())} +0000`
  );
}

export interface VerifiedEsiaToken {
  oid: string;
  payload: JWTPayload;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** The header of an unsecured JWT: jose checks a GOST token's claims through it (below). */
const NONE_HEADER = Buffer.from('{"alg":"none"}').toString('base64url');

/**
 * A GOST-signed JWS (compact): the signature (s ‖ r, as the GOST engine and ESIA write it) over
 * `header.payload`, checked by OpenSSL's GOST engine; then the claims, by jose's own rules, read from an
 * unsecured JWT of the same payload (jose verifies no GOST signature, but its claim checks are the ones
 * the RS256 path uses). Throws jose's errors for a malformed token or bad claims.
 */
async function verifyGostJwt(
  token: string,
  protectedHeader: JWSHeaderParameters,
  key: Extract<EsiaTokenKey, { pem: string }>,
  claims: JWTClaimVerificationOptions,
): Promise<JWTPayload> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw new joseErrors.JWSInvalid();
  const [header = '', payload = '', signature = ''] = parts;
  // An extension this check does not know must not be ignored (RFC 7515 §4.1.11), as jose does for RS256.
  if (protectedHeader.crit !== undefined) throw new joseErrors.JOSENotSupported();
  const valid = await gostVerify(
    key.alg,
    key.pem,
    { data: `${header}.${payload}` },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new joseErrors.JWSSignatureVerificationFailed();
  return UnsecuredJWT.decode(`${NONE_HEADER}.${payload}.`, claims).payload;
}

/** The token's protected header; a token without a readable one is refused as jose refuses it. */
function protectedHeaderOf(token: string): JWSHeaderParameters {
  try {
    return decodeProtectedHeader(token);
  } catch {
    throw new joseErrors.JWSInvalid('JWS Protected Header is invalid');
  }
}

/**
 * Checks an ESIA token: its `alg` must be the key's (RS256 under an RSA key, GOST3410_2012_256/512
 * under a GOST key of that length; `none`, HMAC and any other are refused), the signature with ESIA's
 * key, the exact issuer, the audience (`aud`, or `client_id` in access tokens), expiry, and the subject
 * `urn:esia:sbj_id`.
 */
export async function verifyEsiaToken(
  token: string,
  opts: { key: EsiaTokenKey; clientId: string; now: Date; kind: 'id' | 'access' },
): Promise<VerifiedEsiaToken> {
  const claims: JWTClaimVerificationOptions = {
    issuer: ESIA_ISSUER,
    currentDate: opts.now,
    requiredClaims: ['exp'],
    // ESIA's clock and ours may differ by a moment; a few seconds, never minutes.
    clockTolerance: 5,
  };
  const { key } = opts;
  let payload: JWTPayload;
  try {
    const header = protectedHeaderOf(token);
    const { alg } = header;
    if (alg !== key.alg) {
      throw new EsiaError(`Токен ЕСИА отклонён: алгоритм ${JSON.stringify(alg)?.slice(0, 40)}, ожидается ${key.alg}`);
    }
    payload =
      key.alg === 'RS256'
        ? (await jwtVerify(token, key.key, { ...claims, algorithms: ['RS256'] })).payload
        : await verifyGostJwt(token, header, key, claims);
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new EsiaError(`Токен ЕСИА отклонён: ${error.code}`);
    if (error instanceof GostUnavailable) throw new EsiaError(`Подпись токена ЕСИА не проверена: ${error.message}`);
    throw error;
  }
  const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud === undefined ? [] : [payload.aud];
  const audienceOk =
    aud.includes(opts.clientId) || (opts.kind === 'access' && aud.length === 0 && payload.client_id === opts.clientId);
  if (!audienceOk) throw new EsiaError('Токен ЕСИА выдан другой системе');
  const oid = payload['urn:esia:sbj_id'] ?? payload.sub;
  if ((typeof oid !== 'string' && typeof oid !== 'number') || String(oid) === '') {
    throw new EsiaError('В токене ЕСИА нет идентификатора пользователя');
  }
  return { oid: String(oid), payload };
}

export interface EsiaTokens {
  oid: string;
  accessToken: string;
}

export interface EsiaPerson {
  lastName: string;
  firstName: string;
  middleName: string;
  /** dd.MM.yyyy as ESIA sends it. */
  birthDate: string | null;
  /** «112-233-445 95», sent only with the `snils` scope. */
  snils?: string | null;
}

export interface EsiaContact {
  type: string;
  value: string;
  verified: boolean;
}

export interface EsiaDocument {
  type: string;
  series: string;
  number: string;
  verified: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The ESIA client of the site: authorize URL, code exchange, person data, logout URL. */
export class EsiaAdapter {
  private readonly http: (url: string, init: RequestInit) => Promise<Response>;
  private readonly now: () => Date;

  constructor(private readonly opts: EsiaAdapterOptions) {
    this.http = opts.http ?? ((url, init) => fetch(url, init));
    this.now = opts.now;
  }

  /** Where the browser goes to sign in: `/aas/oauth2/v2/ac` with the signed request. */
  async authorizeUrl(base: string, state: string, redirectUri: string): Promise<string> {
    const timestamp = esiaTimestamp(this.now());
    const { clientId, scope } = this.opts;
    const secret = await this.opts.signer.sign(clientId + scope + timestamp + state + redirectUri);
    const url = new URL(`${base}/aas/oauth2/v2/ac`);
    const params: Record<string, string> = {
      client_id: clientId,
      client_secret: secret,
      redirect_uri: redirectUri,
      scope,
      response_type: 'code',
      state,
      timestamp,
      access_type: 'online',
      client_certificate_hash: this.opts.clientCertificateHash,
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Exchanges the code at `/aas/oauth2/v3/te` (a fresh state, as ESIA requires) and checks both tokens. */
  async exchangeCode(base: string, code: string, redirectUri: string): Promise<EsiaTokens> {
    const timestamp = esiaTimestamp(this.now());
    const state = randomUUID();
    const { clientId, scope } = this.opts;
    const secret = await this.opts.signer.sign(clientId + scope + timestamp + state + redirectUri + code);
    const body = new URLSearchParams({
      client_id: clientId,
      code,
      grant_type: 'authorization_code',
      client_secret: secret,
      state,
      redirect_uri: redirectUri,
      scope,
      timestamp,
      token_type: 'Bearer',
      client_certificate_hash: this.opts.clientCertificateHash,
    });
    const res = await this.http(`${base}/aas/oauth2/v3/te`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok || !isRecord(json)) {
      const error = isRecord(json) ? text(json.error) : '';
      throw new EsiaError(`ЕСИА не выдала токен: ${res.status} ${error}`);
    }
    if (json.state !== state) throw new EsiaError('ЕСИА вернула чужой state');
    const accessToken = text(json.access_token);
    const idToken = text(json.id_token);
    const verifyOpts = { key: this.opts.tokenKey, clientId, now: this.now() };
    const access = await verifyEsiaToken(accessToken, { ...verifyOpts, kind: 'access' });
    if (idToken) {
      const id = await verifyEsiaToken(idToken, { ...verifyOpts, kind: 'id' });
      if (id.oid !== access.oid) throw new EsiaError('Токены ЕСИА относятся к разным людям');
    }
    return { oid: access.oid, accessToken };
  }

  private async getJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
    const res = await this.http(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok || !isRecord(json)) throw new EsiaError(`ЕСИА не отдала данные: ${res.status}`);
    return json;
  }

  /** The person's name and birth date: `/rs/prns/{oid}`. */
  async person(base: string, oid: string, accessToken: string): Promise<EsiaPerson> {
    const json = await this.getJson(`${base}/rs/prns/${encodeURIComponent(oid)}`, accessToken);
    return {
      lastName: text(json.lastName),
      firstName: text(json.firstName),
      middleName: text(json.middleName),
      birthDate: text(json.birthDate) || null,
      snils: text(json.snils) || null,
    };
  }

  /** Mobiles and e-mails with their verification: `/rs/prns/{oid}/ctts?embed=(elements)`. */
  async contacts(base: string, oid: string, accessToken: string): Promise<EsiaContact[]> {
    const json = await this.getJson(`${base}/rs/prns/${encodeURIComponent(oid)}/ctts?embed=(elements)`, accessToken);
    const elements = Array.isArray(json.elements) ? json.elements : [];
    return elements.filter(isRecord).map((e) => ({
      type: text(e.type),
      value: text(e.value),
      verified: e.vrfStu === 'VERIFIED',
    }));
  }

  /** Identity documents: `/rs/prns/{oid}/docs?embed=(elements)`. */
  async documents(base: string, oid: string, accessToken: string): Promise<EsiaDocument[]> {
    const json = await this.getJson(`${base}/rs/prns/${encodeURIComponent(oid)}/docs?embed=(elements)`, accessToken);
    const elements = Array.isArray(json.elements) ? json.elements : [];
    return elements.filter(isRecord).map((e) => ({
      type: text(e.type),
      series: text(e.series),
      number: text(e.number),
      verified: e.vrfStu === 'VERIFIED',
    }));
  }

  /** ESIA's logout, which sends the browser on to `redirectUrl`. */
  logoutUrl(base: string, redirectUrl: string): string {
    const url = new URL(`${base}/idp/ext/Logout`);
    url.searchParams.set('client_id', this.opts.clientId);
    url.searchParams.set('redirect_url', redirectUrl);
    return url.toString();
  }
}
