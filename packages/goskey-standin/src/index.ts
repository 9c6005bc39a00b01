import { createHash, randomBytes, randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import {
  certificateDer,
  fullName,
  STANDIN_CITIZENS,
  type StandinCitizen,
  verifyDetachedCms,
} from '@perenos/esia-standin';
import { certificateFacts, gostDigest, type IssuedCertificate, signDetached } from '@perenos/gost';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Centre, citizenCertificate, issueCitizenCertificate, loadCentre } from './centre';
import { errorPage, indexPage, type PackageView, packagePage } from './page';

export { type Centre, citizenSubject, issueCitizenCertificate, loadCentre, snilsDigits } from './centre';

/**
 * A stand-in of Госключ as an information system meets it through the Госуслуги API (decision 128):
 * a token for the organisation's API key and a request signed with its key, a package of documents
 * posted for a person (by their ESIA oid), the package's status polled, and a detached CMS signature
 * (GOST R 34.10-2012, Streebog-256) of every document once the person signs. The person answers on the
 * stand-in's page, as they would in the app. Packages live in memory; the certification centre that
 * issues the test citizens' certificates is kept in the data folder. Never in production.
 */

/** How long a package waits for its answer unless the request asks for less. */
export const PACKAGE_TTL_MINUTES = 15;
const TOKEN_TTL_SECONDS = 3600;
const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** Packages kept at most; answered ones leave after a day. */
const MAX_PACKAGES = 5000;
const KEEP_ANSWERED_MS = 24 * 3600_000;
const MAX_DOCUMENTS = 10;
const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** An organisation registered to send documents: its API key (kept as a hash) and its certificate. */
export interface GoskeyStandinClient {
  name: string;
  /** SHA-256 (hex) of the API key. */
  apiKeyHash: string;
  /** PEM or DER of the certificate whose key signs the token request. */
  certificate: string | Uint8Array;
}

export interface GoskeyStandinOptions {
  /** Where the certification centre and the citizens' certificates are kept. */
  dataDir: string;
  clients: GoskeyStandinClient[];
  citizens?: readonly StandinCitizen[];
  now?: () => Date;
}

type PackageStatus = 'pending' | 'signed' | 'refused' | 'expired';

interface StoredDocument {
  name: string;
  title: string;
  mimeType: string;
  content: Buffer;
  hash: string;
  signature: Buffer | null;
}

interface StoredPackage {
  id: string;
  client: string;
  title: string;
  citizen: StandinCitizen;
  documents: StoredDocument[];
  createdAt: Date;
  expiresAt: Date;
  answer: { status: 'signed' | 'refused'; at: Date } | null;
  /** A signing under way: a second press of «Подписать» waits for it rather than signing twice. */
  signing: Promise<void> | null;
  returnUrl: string | null;
}

/** What a test may sign with instead of the citizen's own certificate. */
export interface ForgedSigner extends IssuedCertificate {
  /** The certificates between it and its root, carried in the message. */
  chainPem?: string;
}

export interface GoskeyStandin {
  plugin: FastifyPluginAsync;
  /** The centre's root (PEM): what the site trusts of this stand-in, and what /root.pem serves. */
  rootPem: string;
  centre: Centre;
  /**
   * Answers a package as its addressee would on the page (the tests' and the demo's shortcut); `with`
   * signs with another certificate and `signingTime` states another time, for tests of refusals.
   */
  sign(packageId: string, options?: { with?: ForgedSigner; signingTime?: Date; content?: Buffer }): Promise<void>;
  refuse(packageId: string): void;
  /** The packages addressed to a citizen, newest first. */
  packagesOf(oid: string): { id: string; title: string; status: PackageStatus }[];
}

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const moscowDay = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function apiError(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ error, message });
}

/** Builds the stand-in: loads (or makes) its certification centre, and answers the API and the pages. */
export async function createGoskeyStandin(options: GoskeyStandinOptions): Promise<GoskeyStandin> {
  const now = options.now ?? (() => new Date());
  const citizens = options.citizens ?? STANDIN_CITIZENS;
  const centre = await loadCentre(options.dataDir, now());
  const clients = new Map(
    options.clients.map((c) => [c.apiKeyHash.toLowerCase(), { ...c, der: certificateDer(c.certificate) }]),
  );
  const tokens = new Map<string, { client: string; expiresAt: number }>();
  const seenRequests = new Map<string, number>();
  const packages = new Map<string, StoredPackage>();

  const statusOf = (p: StoredPackage): PackageStatus =>
    p.answer?.status ?? (now().getTime() >= p.expiresAt.getTime() ? 'expired' : 'pending');

  function sweep() {
    const t = now().getTime();
    for (const [k, v] of tokens) if (v.expiresAt < t) tokens.delete(k);
    for (const [k, at] of seenRequests) if (at < t - 2 * TIMESTAMP_TOLERANCE_MS) seenRequests.delete(k);
    for (const [k, p] of packages) {
      const over = p.answer?.at.getTime() ?? p.expiresAt.getTime();
      if (over < t - KEEP_ANSWERED_MS) packages.delete(k);
    }
  }

  function clientOf(request: FastifyRequest): string | null {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) return null;
    const token = tokens.get(sha256(header.slice(7)));
    return token && token.expiresAt > now().getTime() ? token.client : null;
  }

  async function sign(p: StoredPackage, forged?: ForgedSigner, signingTime?: Date, content?: Buffer): Promise<void> {
    if (p.signing) return p.signing;
    if (statusOf(p) !== 'pending') return;
    const run = async () => {
      const at = signingTime ?? now();
      const own = forged ? null : await citizenCertificate(options.dataDir, centre, p.citizen, at);
      const signer = forged ?? { ...(own as IssuedCertificate), chainPem: centre.intermediate.certificatePem };
      for (const d of p.documents) {
        d.signature = await signDetached({
          content: content ?? d.content,
          certificatePem: signer.certificatePem,
          privateKeyPem: signer.privateKeyPem,
          ...(signer.chainPem ? { chainPem: signer.chainPem } : {}),
          signingTime: at,
        });
      }
      p.answer = { status: 'signed', at };
    };
    p.signing = run().finally(() => {
      p.signing = null;
    });
    return p.signing;
  }

  async function view(p: StoredPackage, request: FastifyRequest): Promise<PackageView> {
    const status = statusOf(p);
    let certificate: PackageView['certificate'] = null;
    try {
      const kept = status === 'pending' ? await citizenCertificate(options.dataDir, centre, p.citizen, now()) : null;
      if (kept) {
        const facts = certificateFacts(kept.certificatePem);
        certificate = { serial: facts.serial, validTo: moscowDay.format(facts.validTo) };
      }
    } catch (err) {
      request.log.warn({ err }, 'Госключ (заглушка): сертификат гражданина не выпущен');
    }
    return {
      id: p.id,
      title: p.title,
      sender: p.client,
      recipientName: fullName(p.citizen),
      recipientSnils: p.citizen.snils,
      status,
      expiresAt: moscow.format(p.expiresAt),
      signedAt: p.answer?.status === 'signed' ? moscow.format(p.answer.at) : null,
      documents: p.documents.map((d, index) => ({
        index,
        title: d.title,
        name: d.name,
        bytes: d.content.length,
        hash: d.hash,
      })),
      certificate,
      returnUrl: p.returnUrl,
    };
  }

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(formbody);
    // Its own pages carry their own policy: plain forms, no scripts, and the document opens in the browser.
    app.addHook('onSend', async (_request, reply) => {
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      );
      reply.header('cache-control', 'no-store');
    });
    const prefix = app.prefix;

    app.get('/root.pem', async (_request, reply) =>
      reply
        .type('application/x-pem-file')
        .header('content-disposition', 'attachment; filename="goskey-standin-root.pem"')
        .send(centre.root.certificatePem),
    );

    app.post('/api/v1/token', async (request, reply) => {
      sweep();
      const body = (request.body ?? {}) as Record<string, unknown>;
      const apiKey = str(body.apiKey);
      const timestamp = str(body.timestamp);
      const signature = str(body.signature);
      const client = clients.get(sha256(apiKey));
      if (!client) return apiError(reply, 401, 'invalid-api-key', 'Неизвестный API-ключ');
      const at = Date.parse(timestamp);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(timestamp) || Number.isNaN(at)) {
        return apiError(reply, 400, 'invalid-timestamp', 'Время запроса записано неверно (ISO 8601)');
      }
      if (Math.abs(at - now().getTime()) > TIMESTAMP_TOLERANCE_MS) {
        return apiError(
          reply,
          400,
          'invalid-timestamp',
          'Время запроса расходится с часами Госуслуг больше чем на 5 минут',
        );
      }
      if (seenRequests.has(signature)) return apiError(reply, 400, 'replayed', 'Этот запрос уже был');
      if (!(await verifyDetachedCms(apiKey + timestamp, signature, client.der))) {
        return apiError(reply, 401, 'invalid-signature', 'Подпись запроса неверна');
      }
      seenRequests.set(signature, now().getTime());
      const token = randomBytes(32).toString('base64url');
      tokens.set(sha256(token), { client: client.name, expiresAt: now().getTime() + TOKEN_TTL_SECONDS * 1000 });
      return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS };
    });

    app.post('/api/v1/packages', { bodyLimit: MAX_BODY_BYTES }, async (request, reply) => {
      sweep();
      const client = clientOf(request);
      if (!client) return apiError(reply, 401, 'invalid-token', 'Нет действующего токена доступа');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const citizen = citizens.find((c) => c.oid === str(body.recipientOid));
      if (!citizen) return apiError(reply, 404, 'unknown-recipient', 'Такого пользователя Госуслуг нет');
      const title = str(body.title).trim();
      const documents = Array.isArray(body.documents) ? (body.documents as Record<string, unknown>[]) : [];
      const ttl = body.ttlMinutes === undefined ? PACKAGE_TTL_MINUTES : Number(body.ttlMinutes);
      const valid =
        title.length > 0 &&
        title.length <= 300 &&
        documents.length > 0 &&
        documents.length <= MAX_DOCUMENTS &&
        Number.isInteger(ttl) &&
        ttl >= 1 &&
        ttl <= 60 &&
        documents.every(
          (d) =>
            /^[\w.-]{1,100}$/.test(str(d.name)) &&
            str(d.mimeType) === 'application/pdf' &&
            /^[A-Za-z0-9+/]+={0,2}$/.test(str(d.content)),
        );
      if (!valid) {
        return apiError(
          reply,
          400,
          'invalid-package',
          'Пакет заполнен неверно: название, от 1 до 10 документов PDF (name, mimeType, content в base64), срок от 1 до 60 минут',
        );
      }
      if (packages.size >= MAX_PACKAGES) {
        return apiError(reply, 429, 'too-many', 'Слишком много неподписанных пакетов, попробуйте позже');
      }
      const stored: StoredDocument[] = [];
      for (const d of documents) {
        const content = Buffer.from(str(d.content), 'base64');
        stored.push({
          name: str(d.name),
          title: str(d.title).trim().slice(0, 300) || title,
          mimeType: 'application/pdf',
          content,
          hash: (await gostDigest('GOST3410_2012_256', content)).toString('hex'),
          signature: null,
        });
      }
      const returnUrl = str(body.returnUrl);
      const p: StoredPackage = {
        id: randomUUID(),
        client,
        title,
        citizen,
        documents: stored,
        createdAt: now(),
        expiresAt: new Date(now().getTime() + ttl * 60_000),
        answer: null,
        signing: null,
        returnUrl: /^https?:\/\//.test(returnUrl) && returnUrl.length <= 2000 ? returnUrl : null,
      };
      packages.set(p.id, p);
      return reply.code(201).send({ packageId: p.id, status: 'pending', expiresAt: p.expiresAt.toISOString() });
    });

    app.get<{ Params: { id: string } }>('/api/v1/packages/:id', async (request, reply) => {
      const client = clientOf(request);
      if (!client) return apiError(reply, 401, 'invalid-token', 'Нет действующего токена доступа');
      const p = packages.get(request.params.id);
      if (!p || p.client !== client) return apiError(reply, 404, 'unknown-package', 'Такого пакета нет');
      const status = statusOf(p);
      return {
        packageId: p.id,
        status,
        createdAt: p.createdAt.toISOString(),
        expiresAt: p.expiresAt.toISOString(),
        signedAt: p.answer?.status === 'signed' ? p.answer.at.toISOString() : null,
        refusedAt: p.answer?.status === 'refused' ? p.answer.at.toISOString() : null,
        documents: p.documents.map((d) => ({
          name: d.name,
          mimeType: d.mimeType,
          hash: d.hash,
          signature: status === 'signed' && d.signature ? d.signature.toString('base64') : null,
        })),
      };
    });

    // The person's side: the list, a package with its documents, and the two answers.
    app.get('/', async (request, reply) => {
      sweep();
      const all = [...packages.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const views = await Promise.all(all.slice(0, 50).map((p) => view(p, request)));
      return reply.type('text/html').send(indexPage(prefix, views));
    });

    const found = (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const p = packages.get(request.params.id);
      if (!p)
        void reply.code(404).type('text/html').send(errorPage('Такого запроса на подпись нет или он уже удалён.'));
      return p;
    };

    app.get<{ Params: { id: string } }>('/packages/:id', async (request, reply) => {
      const p = found(request, reply);
      if (!p) return reply;
      return reply.type('text/html').send(packagePage(prefix, await view(p, request)));
    });

    app.get<{ Params: { id: string; n: string } }>('/packages/:id/documents/:n', async (request, reply) => {
      const p = found(request, reply);
      if (!p) return reply;
      const d = p.documents[Number(request.params.n)];
      if (!d) return reply.code(404).type('text/html').send(errorPage('Такого документа в запросе нет.'));
      return reply
        .type(d.mimeType)
        .header('content-disposition', `inline; filename="${d.name}"`)
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(d.content);
    });

    app.post<{ Params: { id: string } }>('/packages/:id/sign', async (request, reply) => {
      const p = found(request, reply);
      if (!p) return reply;
      await sign(p);
      return reply.redirect(`${prefix}/packages/${encodeURIComponent(p.id)}`, 303);
    });

    app.post<{ Params: { id: string } }>('/packages/:id/refuse', async (request, reply) => {
      const p = found(request, reply);
      if (!p) return reply;
      if (statusOf(p) === 'pending' && !p.signing) p.answer = { status: 'refused', at: now() };
      return reply.redirect(`${prefix}/packages/${encodeURIComponent(p.id)}`, 303);
    });
  };

  const byId = (id: string) => {
    const p = packages.get(id);
    if (!p) throw new Error(`no package ${id}`);
    return p;
  };

  return {
    plugin,
    rootPem: centre.root.certificatePem,
    centre,
    sign: (id, o = {}) => sign(byId(id), o.with, o.signingTime, o.content),
    refuse(id) {
      const p = byId(id);
      if (statusOf(p) === 'pending') p.answer = { status: 'refused', at: now() };
    },
    packagesOf: (oid) =>
      [...packages.values()]
        .filter((p) => p.citizen.oid === oid)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((p) => ({ id: p.id, title: p.title, status: statusOf(p) })),
  };
}

/** A certificate of the stand-in's own centre for a citizen, valid when the caller says (tests of expiry). */
export function issueStandinCertificate(
  standin: GoskeyStandin,
  citizen: StandinCitizen,
  validity: { notBefore: Date; notAfter: Date },
): Promise<ForgedSigner> {
  return issueCitizenCertificate(standin.centre, citizen, validity).then((c) => ({
    ...c,
    chainPem: standin.centre.intermediate.certificatePem,
  }));
}
