import { matchesETag } from '../../lib/etag';
import { validationProblem } from '../../lib/problem';
import { CONTRACT_VERSION, contractTerms } from './contract-terms';
import type { Owner, PortingDeps } from './deps';
import type { DocumentTask } from './document-drawing';
import { type DocumentPool, documentTag } from './document-pool';
import { applicationContent, calendarEvent, portingWindow, simEvent } from './documents';
import { portationLink } from './messages';
import * as repo from './repository';
import { signedFiles } from './signature/service';
import { ownedOrder, presentFor } from './steps/shared';

/**
 * What a subscriber downloads of their application: the PDF and the porting night's calendar file, each
 * for its owner only, as the version the order is at now (drawn in a worker, kept per version; decision 126).
 */

/** An order's document for its owner: its version's ETag, and its body unless the asker has that version. */
export interface OrderDocument {
  tag: string;
  body: Buffer | string | null;
}

/**
 * The document of `task`: nothing but the tag when `If-None-Match` names it, else the kept one or one
 * drawn now in a worker. Only ever reached after the owner check, so nobody else's version is answered.
 */
async function orderDocument(
  documents: DocumentPool,
  key: string,
  task: DocumentTask,
  ifNoneMatch: string | undefined,
): Promise<OrderDocument> {
  const tag = documentTag(task);
  if (ifNoneMatch !== undefined && matchesETag(ifNoneMatch, tag)) return { tag, body: null };
  return { tag, body: await documents.get(key, tag, task) };
}

/**
 * The owner's document `key`: what they were last answered, while nothing they see has changed since
 * (decision 149; no read of the order), else `read`, which checks the owner, and is kept for them.
 */
async function ownedDocument(
  documents: DocumentPool,
  userId: number,
  key: string,
  ifNoneMatch: string | undefined,
  read: () => Promise<OrderDocument>,
): Promise<OrderDocument> {
  const kept = documents.owned(userId, key);
  if (kept)
    return { tag: kept.tag, body: ifNoneMatch !== undefined && matchesETag(ifNoneMatch, kept.tag) ? null : kept.body };
  const epoch = documents.epochOf(userId);
  const doc = await read();
  if (doc.body !== null) documents.keepOwned(userId, epoch, key, { tag: doc.tag, body: doc.body });
  return doc;
}

/** The porting night, and the SIM's pickup or delivery, as a calendar file, to its owner. */
export async function orderCalendar(
  deps: PortingDeps,
  documents: DocumentPool,
  owner: Owner & { userId: number },
  id: number,
  ifNoneMatch: string | undefined,
): Promise<OrderDocument> {
  return ownedDocument(documents, owner.userId, `ics:${id}`, ifNoneMatch, () =>
    drawCalendar(deps, documents, owner, id, ifNoneMatch),
  );
}

async function drawCalendar(
  deps: PortingDeps,
  documents: DocumentPool,
  owner: Owner & { userId: number },
  id: number,
  ifNoneMatch: string | undefined,
): Promise<OrderDocument> {
  const view = await ownedOrder(deps, owner, id);
  const order = await presentFor(deps, owner, view, await repo.findApplicant(deps.db, owner.userId));
  const window = portingWindow(order, view.portation?.windowStart ?? null);
  if (!window || order.status === 'Deleted') {
    throw validationProblem({
      portationAt:
        order.status === 'Deleted' ? ['Заявление отменено: переноса не будет.'] : ['Сначала выберите дату переноса.'],
    });
  }
  const link = order.portationId ? portationLink(deps, order.msisdn, order.portationId) : null;
  const sim = simEvent(order, window, deps.now(), link);
  const events = [calendarEvent(order, window, link), ...(sim ? [sim] : [])];
  return orderDocument(documents, `ics:${id}`, { kind: 'ics', events }, ifNoneMatch);
}

/**
 * The application as a PDF, to its owner: once signed in Госключ, exactly the file that was signed (its
 * ETag is its hash); before, drawn from the order with the recipient's contract terms.
 */
export async function orderPdf(
  deps: PortingDeps,
  documents: DocumentPool,
  owner: Owner & { userId: number },
  id: number,
  ifNoneMatch: string | undefined,
): Promise<OrderDocument> {
  return ownedDocument(documents, owner.userId, `pdf:${id}`, ifNoneMatch, () =>
    drawPdf(deps, documents, owner, id, ifNoneMatch),
  );
}

async function drawPdf(
  deps: PortingDeps,
  documents: DocumentPool,
  owner: Owner & { userId: number },
  id: number,
  ifNoneMatch: string | undefined,
): Promise<OrderDocument> {
  const view = await ownedOrder(deps, owner, id);
  const signed = await signedFiles(deps, view.order);
  if (signed) {
    const tag = `"${signed.documentHash}"`;
    return { tag, body: ifNoneMatch !== undefined && matchesETag(ifNoneMatch, tag) ? null : signed.document };
  }
  const applicant = await repo.findApplicant(deps.db, owner.userId);
  const order = await presentFor(deps, owner, view, applicant);
  // The terms the order accepted (or will): the current edition's text, unless it accepted an older one.
  const terms =
    view.toOperator?.name && (view.order.contractVersion ?? CONTRACT_VERSION) === CONTRACT_VERSION
      ? contractTerms(view.toOperator.name)
      : null;
  const content = applicationContent(
    order,
    { fullName: applicant?.name ?? '—' },
    portingWindow(order, view.portation?.windowStart ?? null),
    view.order.submittedAt,
    terms,
  );
  return orderDocument(documents, `pdf:${id}`, { kind: 'pdf', content }, ifNoneMatch);
}
