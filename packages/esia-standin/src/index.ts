import { createHash, randomBytes, randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fullName, STANDIN_CITIZENS, type StandinCitizen } from './citizens';
import { certificateDer, verifyDetachedCms } from './cms';
import { errorPage, loginPage } from './page';
import { createTokenSigner, type StandinTokenAlg } from './tokens';

export { fullName, STANDIN_CITIZENS, type StandinCitizen } from './citizens';
// The Госключ stand-in checks its clients' signed requests as this one checks `client_secret`.
export { certificateDer, verifyDetachedCms } from './cms';
export type { StandinTokenAlg } from './tokens';

/** ESIA's issuer, exactly as the real one writes it. */
export const ESIA_ISSUER = 'http://esia.gosuslugi.ru/';
/** Scopes the stand-in knows (the personal-data scopes of ESIA's guidelines). */
export const KNOWN_SCOPES = ['openid', 'fullname', 'birthdate', 'gender', 'snils', 'inn', 'mobile', 'email', 'id_doc'];
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
const PENDING_TTL_MS = 15 * 60 * 1000;
const CODE_TTL_MS = 2 * 60 * 1000;
const TOKEN_TTL_SECONDS = 3600;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A registered information system: its certificate and where it may send people back to. */
export interface EsiaStandinClient {
  clientId: string;
  /** PEM or DER of the certificate whose key signs `client_secret`. */
  certificate: string | Uint8Array;
  /** `client_certificate_hash` the client must send (hex). */
  certificateHash: string;
  /** The callback path on the stand-in's own origin that `redirect_uri` must name. */
  redirectPath: string;
}

export interface EsiaStandinOptions {
  clients: EsiaStandinClient[];
  citizens?: readonly StandinCitizen[];
  /** How its tokens are signed (`ESIA_STANDIN_TOKEN_ALG`): RS256 by default, or GOST as the real ESIA. */
  tokenAlg?: StandinTokenAlg;
  /** Clock, replaceable in tests. */
  now?: () => Date;
}

/** A mounted stand-in: the Fastify plugin, and what its tokens verify with. */
export interface EsiaStandin {
  plugin: FastifyPluginAsync;
  tokenAlg: StandinTokenAlg;
  /**
   * PEM of what `ESIA_PUBLIC_KEY` would hold for this stand-in: its public key (RS256) or its
   * self-signed certificate (GOST). The site's adapter reads it as it reads the real ESIA's.
   */
  tokenKeyPem: string;
}

interface Pending {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  expiresAt: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  oid: string;
  expiresAt: number;
}

/** Parses ESIA's `yyyy.MM.dd HH:mm:ss Z` (e.g. `2026.11.22 15:04:05 +0300`). */
export function parseEsiaTimestamp(value: string): Date | null {
  const m = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const offset = (Number(oh) * 60 + Number(om)) * (sign === '-' ? -1 : 1);
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function sameOriginUrl(value: string, request: FastifyRequest): URL | null {
  try {
    const url = new URL(value);
    return url.origin === new URL(originOf(request)).origin ? url : null;
  } catch {
    return null;
  }
}

/** ESIA answers protocol errors of the token endpoint with an OAuth error document. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

/**
 * Builds the stand-in: a key for its tokens (RS256, or GOST made by OpenSSL's GOST engine), in-memory
 * requests and codes, and the endpoints of
 * ESIA (authorize v2, token v3, person, contacts, documents, logout) plus the test-citizen login page.
 */
export async function createEsiaStandin(options: EsiaStandinOptions): Promise<EsiaStandin> {
  const tokens = await createTokenSigner(options.tokenAlg ?? 'RS256');
  const citizens = options.citizens ?? STANDIN_CITIZENS;
  const now = options.now ?? (() => new Date());
  const clients = new Map(options.clients.map((c) => [c.clientId, { ...c, der: certificateDer(c.certificate) }]));
  const pending = new Map<string, Pending>();
  const codes = new Map<string, IssuedCode>();
  const seenStates = new Set<string>();

  function citizenOf(oid: string) {
    return citizens.find((c) => c.oid === oid);
  }

  function checkTimestamp(value: string): boolean {
    const at = parseEsiaTimestamp(value);
    return at !== null && Math.abs(at.getTime() - now().getTime()) <= TIMESTAMP_TOLERANCE_MS;
  }

  function sweep() {
    const t = now().getTime();
    for (const [k, v] of pending) if (v.expiresAt < t) pending.delete(k);
    for (const [k, v] of codes) if (v.expiresAt < t) codes.delete(k);
  }

  /** The scopes of a Bearer token of this person; null for any other token. */
  async function scopesOf(request: FastifyRequest, oid: string): Promise<string[] | null> {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) return null;
    const payload = await tokens.verify(header.slice(7), ESIA_ISSUER, now());
    return payload?.['urn:esia:sbj_id'] === oid ? String(payload.scope ?? '').split(' ') : null;
  }

  async function bearer(request: FastifyRequest, oid: string, scope: string): Promise<boolean> {
    return (await scopesOf(request, oid))?.includes(scope) ?? false;
  }

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(formbody);
    // Its own pages carry their own policy: plain forms, no scripts at all.
    app.addHook('onSend', async (_request, reply) => {
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      );
      reply.header('cache-control', 'no-store');
    });

    app.get('/aas/oauth2/v2/ac', async (request, reply) => {
      sweep();
      const q = request.query as Record<string, unknown>;
      const client = clients.get(str(q.client_id));
      const redirectUri = str(q.redirect_uri);
      const redirect = sameOriginUrl(redirectUri, request);
      if (!client || !redirect || redirect.pathname !== client.redirectPath) {
        return reply
          .code(400)
          .type('text/html')
          .send(errorPage('Неизвестная система или недопустимый адрес возврата.'));
      }
      const state = str(q.state);
      const fail = (error: string, description: string) => {
        redirect.searchParams.set('error', error);
        redirect.searchParams.set('error_description', description);
        if (state) redirect.searchParams.set('state', state);
        return reply.redirect(redirect.toString());
      };
      const scope = str(q.scope);
      const timestamp = str(q.timestamp);
      if (str(q.response_type) !== 'code') return fail('unsupported_response_type', 'Ожидается response_type=code');
      if (!UUID_RE.test(state) || seenStates.has(state)) return fail('invalid_request', 'Недопустимый state');
      if (!scope || scope.split(' ').some((s) => !KNOWN_SCOPES.includes(s))) {
        return fail('invalid_scope', 'Недопустимая область доступа');
      }
      if (!checkTimestamp(timestamp)) return fail('invalid_request', 'Недопустимое время запроса (timestamp)');
      if (str(q.client_certificate_hash).toLowerCase() !== client.certificateHash.toLowerCase()) {
        return fail('invalid_client', 'Неверный client_certificate_hash');
      }
      const signed = client.clientId + scope + timestamp + state + redirectUri;
      if (!(await verifyDetachedCms(signed, str(q.client_secret), client.der))) {
        return fail('invalid_client', 'Неверная подпись запроса (client_secret)');
      }
      seenStates.add(state);
      const requestId = randomUUID();
      pending.set(requestId, {
        clientId: client.clientId,
        redirectUri,
        state,
        scope,
        expiresAt: now().getTime() + PENDING_TTL_MS,
      });
      return reply
        .type('text/html')
        .send(loginPage(`${app.prefix}/login`, requestId, client.clientId, citizens, tokens.alg));
    });

    app.post('/login', async (request, reply) => {
      sweep();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const requestId = str(body.request);
      const req = pending.get(requestId);
      if (!req)
        return reply.code(400).type('text/html').send(errorPage('Запрос на вход устарел. Начните вход заново.'));
      pending.delete(requestId);
      const redirect = new URL(req.redirectUri);
      redirect.searchParams.set('state', req.state);
      const citizen = citizenOf(str(body.oid));
      if (str(body.cancel) || !citizen) {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'Пользователь отказался от входа');
        return reply.redirect(redirect.toString());
      }
      const code = randomBytes(32).toString('base64url');
      codes.set(code, {
        clientId: req.clientId,
        redirectUri: req.redirectUri,
        scope: req.scope,
        oid: citizen.oid,
        expiresAt: now().getTime() + CODE_TTL_MS,
      });
      redirect.searchParams.set('code', code);
      return reply.redirect(redirect.toString());
    });

    app.post('/aas/oauth2/v3/te', async (request, reply) => {
      sweep();
      const b = (request.body ?? {}) as Record<string, unknown>;
      const client = clients.get(str(b.client_id));
      if (!client) return oauthError(reply, 400, 'invalid_client', 'Неизвестная система');
      if (str(b.grant_type) !== 'authorization_code') {
        return oauthError(reply, 400, 'unsupported_grant_type', 'Ожидается authorization_code');
      }
      const code = str(b.code);
      const issued = codes.get(code);
      // A code is spent by its first presentation, right or wrong.
      codes.delete(code);
      if (!issued || issued.clientId !== client.clientId)
        return oauthError(reply, 400, 'invalid_grant', 'Неверный код');
      const {
        scope,
        timestamp,
        state,
        redirect_uri: redirectUri,
      } = {
        scope: str(b.scope),
        timestamp: str(b.timestamp),
        state: str(b.state),
        redirect_uri: str(b.redirect_uri),
      };
      if (redirectUri !== issued.redirectUri)
        return oauthError(reply, 400, 'invalid_grant', 'redirect_uri не совпадает');
      if (scope !== issued.scope) return oauthError(reply, 400, 'invalid_scope', 'Область доступа не совпадает');
      if (!UUID_RE.test(state) || seenStates.has(state))
        return oauthError(reply, 400, 'invalid_request', 'Недопустимый state');
      if (!checkTimestamp(timestamp)) return oauthError(reply, 400, 'invalid_request', 'Недопустимое время запроса');
      if (str(b.client_certificate_hash).toLowerCase() !== client.certificateHash.toLowerCase()) {
        return oauthError(reply, 400, 'invalid_client', 'Неверный client_certificate_hash');
      }
      const signed = client.clientId + scope + timestamp + state + redirectUri + code;
      if (!(await verifyDetachedCms(signed, str(b.client_secret), client.der))) {
        return oauthError(reply, 400, 'invalid_client', 'Неверная подпись запроса (client_secret)');
      }
      seenStates.add(state);
      const citizen = citizenOf(issued.oid);
      if (!citizen) return oauthError(reply, 400, 'invalid_grant', 'Неизвестный пользователь');
      const iat = Math.floor(now().getTime() / 1000);
      const sid = randomUUID();
      const times = { iss: ESIA_ISSUER, aud: client.clientId, iat, nbf: iat, exp: iat + TOKEN_TTL_SECONDS };
      const accessToken = await tokens.sign({
        scope,
        client_id: client.clientId,
        'urn:esia:sid': sid,
        'urn:esia:sbj_id': citizen.oid,
        ...times,
      });
      const idToken = await tokens.sign({
        'urn:esia:sid': sid,
        'urn:esia:sbj_id': citizen.oid,
        'urn:esia:sbj': { 'urn:esia:sbj:typ': 'P', 'urn:esia:sbj:oid': citizen.oid, 'urn:esia:sbj:is_tru': true },
        amr: 'PWD',
        auth_time: iat,
        acr: 'urn:esia:amd:PWD',
        sub: citizen.oid,
        ...times,
      });
      return reply.send({
        access_token: accessToken,
        id_token: idToken,
        refresh_token: randomUUID(),
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        state,
      });
    });

    app.get('/rs/prns/:oid', async (request, reply) => {
      const { oid } = request.params as { oid: string };
      const citizen = citizenOf(oid);
      const scopes = await scopesOf(request, oid);
      if (!citizen || !scopes?.includes('fullname')) return reply.code(401).send({ code: 'ESIA-005011' });
      return {
        stateFacts: ['EntityRoot'],
        firstName: citizen.firstName,
        lastName: citizen.lastName,
        middleName: citizen.middleName,
        birthDate: citizen.birthDate,
        gender: citizen.gender,
        trusted: true,
        citizenship: 'RUS',
        // As ESIA: the СНИЛС only to a system that asked for it.
        ...(scopes.includes('snils') ? { snils: citizen.snils } : {}),
        status: 'REGISTERED',
        verifying: false,
        eTag: createHash('sha1').update(fullName(citizen)).digest('hex'),
      };
    });

    app.get('/rs/prns/:oid/ctts', async (request, reply) => {
      const { oid } = request.params as { oid: string };
      const citizen = citizenOf(oid);
      if (!citizen || !(await bearer(request, oid, 'mobile'))) return reply.code(401).send({ code: 'ESIA-005011' });
      const elements = citizen.contacts.map((c, i) => ({
        stateFacts: ['Identifiable'],
        id: Number(oid) * 10 + i,
        type: c.type,
        vrfStu: c.verified ? 'VERIFIED' : 'NOT_VERIFIED',
        value: c.value,
      }));
      return { stateFacts: ['hasSize'], size: elements.length, elements };
    });

    app.get('/rs/prns/:oid/docs', async (request, reply) => {
      const { oid } = request.params as { oid: string };
      const citizen = citizenOf(oid);
      if (!citizen || !(await bearer(request, oid, 'id_doc'))) return reply.code(401).send({ code: 'ESIA-005011' });
      const p = citizen.passport;
      return {
        stateFacts: ['hasSize'],
        size: 1,
        elements: [
          {
            stateFacts: ['Identifiable'],
            id: Number(oid) * 10,
            type: 'RF_PASSPORT',
            vrfStu: 'VERIFIED',
            series: p.series,
            number: p.number,
            issueDate: p.issueDate,
            issueId: p.issueId,
            issuedBy: p.issuedBy,
          },
        ],
      };
    });

    app.get('/idp/ext/Logout', async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const target = sameOriginUrl(str(q.redirect_url), request);
      if (!clients.has(str(q.client_id)) || !target) {
        return reply.code(400).type('text/html').send(errorPage('Недопустимый адрес возврата после выхода.'));
      }
      return reply.redirect(target.toString());
    });
  };

  return { plugin, tokenAlg: tokens.alg, tokenKeyPem: tokens.keyPem };
}
