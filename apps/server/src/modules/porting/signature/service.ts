import { type ExpectedSigner, gostDigest, type SignatureVerdict, verifyDetachedSignature } from '@perenos/gost';
import type { Database } from '../../../db/client';
import { type HttpProblem, notFound, unavailable, validationProblem } from '../../../lib/problem';
import { sealBytes, unsealBytes } from '../../../lib/seal';
import { snilsHash } from '../../../lib/snils';
import { contractTerms } from '../contract-terms';
import type { Owner, PortationChange, PortingDeps } from '../deps';
import type { DocumentPool } from '../document-pool';
import { documentTag } from '../document-pool';
import * as repo from '../repository';
import { ownedOrder, presentFor } from '../steps/shared';
import { applicationFacts, signingContent } from './document';
import { type Goskey, GoskeyRefused, GoskeyUnavailable } from './goskey';
import {
  answerSigning,
  claimSigning,
  findSignature,
  orderOwner,
  type SignatureRow,
  setPackage,
  userOid,
} from './repository';

/** Polls a waiting signing in Госключ until it is answered or its 15 minutes are over. */
export const GOSKEY_POLL_QUEUE = 'porting.goskey-poll';

export const SIGNATURE_QUEUES = [
  // One poll waiting per order; a Госключ that does not answer is asked again with a growing pause.
  { name: GOSKEY_POLL_QUEUE, policy: 'stately', retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 },
] as const;

/** How long the person has to sign in the app. */
export const SIGNING_MINUTES = 15;
/** How often a waiting signing is asked about. */
const POLL_MS = 2000;

/** The person's words for the answer to the submit without a valid signature. */
export const SIGN_FIRST = 'Подпишите заявление в Госключе.';
const SIGN_AGAIN = 'Заявление изменилось после подписи: подпишите его в Госключе снова.';

/** What signing needs beyond the porting rules (wired in signature/plugin.ts). */
export interface SigningDeps {
  porting: PortingDeps;
  documents: DocumentPool;
  /** Госключ; null when it is not configured (a signing then answers 503). */
  goskey: Goskey | null;
  /** PEM of the roots a signature must chain to (GOSKEY_TRUSTED_ROOTS, or the stand-in's root). */
  trustedRoots: string | null;
  /** The Goskey flag. */
  isOn: () => boolean;
  /** Tells the person's open pages that their order changed (the live feed, porting/live.ts). */
  announce: (change: PortationChange) => void;
  /** Where the person returns from the stand-in's page; null when the site's address is unknown. */
  returnUrl: (orderId: number) => string | null;
}

export type PublicStatus = 'pending' | 'signed' | 'refused' | 'expired' | 'failed';

/** The status a person sees: a waiting signing past its time is expired, whatever the poll has done. */
function publicStatus(row: SignatureRow, now: Date): PublicStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

function expectedSigner(
  profile: NonNullable<Awaited<ReturnType<typeof repo.findApplicant>>>['profile'],
  sealKey: Buffer,
): ExpectedSigner {
  const known = profile?.snilsHash;
  return {
    lastName: profile?.lastName ?? '',
    firstName: profile?.firstName ?? '',
    middleName: profile?.middleName ?? '',
    birthDate: profile?.birthDate ?? null,
    snilsMatches: known ? (snils) => snilsHash(sealKey, snils) === known : undefined,
  };
}

/** The application's facts as they stand, with the applicant's name (the hash a signature must match). */
async function factsOf(db: Database, order: repo.OrderRow, sealKey: Buffer): Promise<string> {
  const applicant = order.userId !== null ? await repo.findApplicant(db, order.userId) : undefined;
  return applicationFacts(order, applicant?.name ?? '', sealKey);
}

/** Why a submit may not go on as signed: no valid signature, or one of another application; null when it may. */
export async function signatureProblem(db: Database, order: repo.OrderRow, sealKey: Buffer): Promise<string | null> {
  const row = await findSignature(db, order.id);
  if (row?.status !== 'signed') return SIGN_FIRST;
  return row.factsHash === (await factsOf(db, order, sealKey)) ? null : SIGN_AGAIN;
}

/**
 * The check the submit runs while Goskey is on (PortingDeps.signing): before the confirmation code is
 * spent, and again inside its transaction with the order locked as it will be filed.
 */
export function submitSigning(sd: SigningDeps) {
  return {
    required: () => sd.isOn(),
    problem: (db: Database, order: repo.OrderRow) => signatureProblem(db, order, sd.porting.keys.seal),
  };
}

async function announce(sd: SigningDeps, orderId: number): Promise<void> {
  const order = await orderOwner(sd.porting.db, orderId);
  if (!order) return;
  sd.announce({ userId: order.userId, orderId, portationId: null, msisdn: order.msisdn, status: order.status });
}

/**
 * Sends the application to Госключ for its owner to sign: the PDF the account offers, with the contract
 * terms and the consent in full, drawn now and kept (sealed) exactly as sent. One signing waits at a time.
 */
export async function startSigning(sd: SigningDeps, owner: Owner & { userId: number }, id: number) {
  const deps = sd.porting;
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized')
    throw validationProblem({ status: ['Заявление уже отправлено: подписывать его не нужно.'] });
  const errors: Record<string, string[]> = {};
  if (order.toOperatorId === null || order.tariffId === null || !view.toOperator?.name) {
    errors.tariffId = ['Выберите нового оператора и тариф.'];
  }
  if (order.portationDate === null) errors.portationAt = ['Выберите дату переноса.'];
  if (order.simKind === null) errors.sim = ['Выберите, как получить SIM-карту нового оператора.'];
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  if (!sd.goskey) {
    throw unavailable('Подписание в Госключе недоступно', 'Госключ не настроен на сайте: попробуйте позже.');
  }
  const applicant = await repo.findApplicant(deps.db, owner.userId);
  if (!applicant) throw notFound();
  const kept = await findSignature(deps.db, id);
  const facts = applicationFacts(order, applicant.name, deps.keys.seal);
  if (kept && publicStatus(kept, now) === 'pending') throw waiting(kept);
  if (kept?.status === 'signed' && kept.factsHash === facts) {
    throw validationProblem({ signature: ['Заявление уже подписано в Госключе: отправьте его.'] });
  }
  const presented = await presentFor(deps, owner, view, applicant);
  const content = signingContent(
    presented,
    { fullName: applicant.name },
    view.portation?.windowStart ?? null,
    contractTerms(view.toOperator?.name ?? ''),
    now,
  );
  const task = { kind: 'pdf', content } as const;
  const pdf = await sd.documents.get(`sign:${id}`, documentTag(task), task);
  const document = typeof pdf === 'string' ? Buffer.from(pdf) : pdf;
  const expiresAt = new Date(now.getTime() + SIGNING_MINUTES * 60_000);
  const claimed = await claimSigning(deps.db, {
    orderId: id,
    requestedAt: now,
    expiresAt,
    documentSealed: sealBytes(deps.keys.seal, document),
    documentHash: (await gostDigest('GOST3410_2012_256', document)).toString('hex'),
    factsHash: facts,
  });
  if (!claimed) {
    const other = await findSignature(deps.db, id);
    throw other ? waiting(other) : validationProblem({ signature: ['Подпись уже запрошена.'] });
  }
  let packageId: string;
  try {
    ({ packageId } = await sd.goskey.send({
      recipientOid: (await userOid(deps.db, owner.userId)) ?? '',
      title: content.title,
      document: { name: `zayavlenie-${id}.pdf`, content: document },
      ttlMinutes: SIGNING_MINUTES,
      returnUrl: sd.returnUrl(id) ?? undefined,
    }));
  } catch (err) {
    const refused = err instanceof GoskeyRefused;
    if (!refused && !(err instanceof GoskeyUnavailable)) throw err;
    const reason = refused
      ? 'Госуслуги не приняли заявление на подпись: проверьте, что у вас есть приложение «Госключ», и попробуйте снова.'
      : 'Госключ не ответил: попробуйте отправить заявление на подпись ещё раз через минуту.';
    await answerSigning(deps.db, id, now, { status: 'failed', reason, updatedAt: now });
    await announce(sd, id);
    if (refused) throw validationProblem({ signature: [reason] });
    throw unavailable('Госключ недоступен', reason);
  }
  await deps.db.transaction(async (tx) => {
    await setPackage(tx, id, now, packageId, now);
    await deps.jobs.send(
      GOSKEY_POLL_QUEUE,
      { orderId: id },
      { startAfter: new Date(now.getTime() + POLL_MS), singletonKey: `goskey:${id}` },
      tx,
    );
  });
  await announce(sd, id);
  return { status: 'pending' as const, expiresAt: expiresAt.toISOString() };
}

function waiting(row: SignatureRow): HttpProblem {
  const until = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(row.expiresAt);
  return validationProblem({
    signature: [`Заявление уже ждёт вашей подписи: откройте «Госключ» и подпишите его до ${until} (МСК).`],
  });
}

/** Where the owner's signing stands; `none` before the application was first sent for signing. */
export async function signingStatus(sd: SigningDeps, owner: Owner, id: number) {
  const deps = sd.porting;
  const view = await ownedOrder(deps, owner, id);
  const row = await findSignature(deps.db, id);
  if (!row) {
    return {
      status: 'none' as const,
      requestedAt: null,
      expiresAt: null,
      signedAt: null,
      current: false,
      reason: null,
      documentHash: null,
      certificate: null,
    };
  }
  const status = publicStatus(row, deps.now());
  const current = row.factsHash === (await factsOf(deps.db, view.order, deps.keys.seal));
  return {
    status,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    signedAt: status === 'signed' ? (row.signedAt?.toISOString() ?? null) : null,
    current,
    reason: status === 'expired' ? (row.reason ?? EXPIRED) : status === 'signed' ? null : row.reason,
    documentHash: row.documentHash,
    certificate: status === 'signed' ? certificateOf(row) : null,
  };
}

const EXPIRED = `Срок подписания истёк: заявление нужно подписать в течение ${SIGNING_MINUTES} минут. Отправьте его на подпись ещё раз.`;

function certificateOf(row: SignatureRow) {
  return row.certificateSerial
    ? {
        subject: row.certificateSubject ?? '',
        serial: row.certificateSerial,
        issuer: row.certificateIssuer ?? '',
        validFrom: row.certificateValidFrom?.toISOString() ?? null,
        validTo: row.certificateValidTo?.toISOString() ?? null,
      }
    : null;
}

/** The kept PDF, opened; null when the seal key has changed since (nothing can be shown or checked). */
function documentOf(sd: { porting: PortingDeps }, row: SignatureRow): Buffer | null {
  return unsealBytes(sd.porting.keys.seal, row.documentSealed);
}

/**
 * Checks a signature of the kept document for the order's applicant: GOST, over exactly these bytes,
 * within the request's window, valid then and chained to the trusted roots (packages/gost, in a child
 * process).
 */
export async function verifyKept(
  sd: Pick<SigningDeps, 'porting' | 'trustedRoots'>,
  row: SignatureRow,
  signature: Buffer,
  userId: number | null,
): Promise<SignatureVerdict> {
  const content = documentOf(sd, row);
  const applicant = userId !== null ? await repo.findApplicant(sd.porting.db, userId) : undefined;
  const refuse = (reason: string): SignatureVerdict => ({
    valid: false,
    refusal: 'untrusted',
    reason,
    signedAt: null,
    certificate: null,
  });
  if (!content) return refuse('Сохранённое заявление не открывается: его ключ сменился. Подпишите заявление ещё раз.');
  if (!applicant) return refuse('Заявителя больше нет на сайте.');
  if (!sd.trustedRoots) return refuse('На сайте не настроены доверенные корневые сертификаты (GOSKEY_TRUSTED_ROOTS).');
  return verifyDetachedSignature({
    content,
    signature,
    trustedRoots: sd.trustedRoots,
    signer: expectedSigner(applicant.profile, sd.porting.keys.seal),
    window: { from: row.requestedAt, to: row.expiresAt },
  });
}

/**
 * The poll of one order's waiting signing (a job): asks Госключ, and records its answer — refused,
 * expired, or signed and then verified here, the signature kept only when it is valid. Every change
 * reaches the person's open pages.
 */
export async function pollSigning(sd: SigningDeps, orderId: number): Promise<void> {
  const deps = sd.porting;
  const row = await findSignature(deps.db, orderId);
  if (row?.status !== 'pending' || !row.packageId || !sd.goskey) return;
  const now = deps.now();
  const end = async (patch: Parameters<typeof answerSigning>[3]) => {
    if (await answerSigning(deps.db, orderId, row.requestedAt, patch)) await announce(sd, orderId);
  };
  let answer: Awaited<ReturnType<Goskey['status']>>;
  try {
    answer = await sd.goskey.status(row.packageId);
  } catch (err) {
    if (!(err instanceof GoskeyRefused)) throw err;
    await end({
      status: 'failed',
      reason: 'Госключ потерял запрос на подпись: отправьте заявление на подпись ещё раз.',
      updatedAt: now,
    });
    return;
  }
  if (answer.status === 'pending' && now.getTime() < row.expiresAt.getTime()) {
    await deps.jobs.send(
      GOSKEY_POLL_QUEUE,
      { orderId },
      { startAfter: new Date(now.getTime() + POLL_MS), singletonKey: `goskey:${orderId}` },
    );
    return;
  }
  if (answer.status === 'pending' || answer.status === 'expired') {
    await end({ status: 'expired', reason: EXPIRED, updatedAt: now });
    return;
  }
  if (answer.status === 'refused') {
    await end({
      status: 'refused',
      reason: 'Вы отказались подписывать заявление в Госключе. Его можно отправить на подпись ещё раз.',
      updatedAt: now,
    });
    return;
  }
  const signature = answer.signatures[0];
  if (!signature) {
    await end({ status: 'failed', reason: 'Госключ не передал подпись заявления.', updatedAt: now });
    return;
  }
  const order = await orderOwner(deps.db, orderId);
  // OpenSSL or its engine failing here (GostUnavailable) fails the job: it is tried again, the log says why.
  const verdict = await verifyKept(sd, row, signature, order?.userId ?? null);
  const certificate = verdict.certificate
    ? {
        certificateSubject: verdict.certificate.subject,
        certificateSerial: verdict.certificate.serial,
        certificateIssuer: verdict.certificate.issuer,
        certificateValidFrom: verdict.certificate.validFrom,
        certificateValidTo: verdict.certificate.validTo,
      }
    : {};
  if (verdict.valid) {
    await end({
      status: 'signed',
      signature,
      signedAt: verdict.signedAt,
      verifiedAt: now,
      updatedAt: now,
      ...certificate,
    });
  } else {
    await end({
      status: 'failed',
      reason: `Подпись не принята: ${verdict.reason}`,
      signedAt: verdict.signedAt,
      verifiedAt: now,
      updatedAt: now,
      ...certificate,
    });
  }
}

/** The signed application (its PDF and its detached signature), while its signing is current. */
export async function signedFiles(deps: PortingDeps, order: repo.OrderRow) {
  const row = await findSignature(deps.db, order.id);
  if (row?.status !== 'signed' || !row.signature) return null;
  // A draft changed since it was signed says something else now: the signed file is not its document.
  if (order.status === 'Initialized' && row.factsHash !== (await factsOf(deps.db, order, deps.keys.seal))) return null;
  const document = unsealBytes(deps.keys.seal, row.documentSealed);
  if (!document) return null;
  return { document, documentHash: row.documentHash, signature: row.signature };
}

/** The owner's signature file (404 unless the application is signed). */
export async function ownerSignature(deps: PortingDeps, owner: Owner, id: number) {
  const view = await ownedOrder(deps, owner, id);
  const files = await signedFiles(deps, view.order);
  if (!files) throw notFound('Заявление не подписано в Госключе.');
  return files;
}
