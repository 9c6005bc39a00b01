import { conflict, notFound } from '../../../lib/problem';
import { unsealBytes } from '../../../lib/seal';
import { audit, type StaffActor, staffRolesOf } from '../../staff';
import type { PortingDeps } from '../deps';
import { findSignature, markVerified, orderOwner } from './repository';
import { type SigningDeps, verifyKept } from './service';

/**
 * What support sees of an order's signing, and its check on demand (decision 128): each read and each
 * check leaves an audit record in the transaction that reads what it shows.
 */

/**
 * A certificate's subject as support reads it: the holder's name, their СНИЛС masked but its last two
 * digits (the full number is the person's data, shown nowhere on the desk; decision 129).
 */
function maskSnils(subject: string): string {
  return subject.replace(/(СНИЛС=)\d{9}(\d{2})/g, '$1•••••••••$2');
}

function certificateOf(row: NonNullable<Awaited<ReturnType<typeof findSignature>>>) {
  return row.certificateSerial
    ? {
        subject: maskSnils(row.certificateSubject ?? ''),
        serial: row.certificateSerial,
        issuer: row.certificateIssuer ?? '',
        validFrom: row.certificateValidFrom?.toISOString() ?? null,
        validTo: row.certificateValidTo?.toISOString() ?? null,
      }
    : null;
}

/**
 * The order's signing for the desk: who signed (the certificate), when, and the last check; `none` (and
 * no audit record: nothing of the person is read) for an order never sent for signing.
 */
export async function deskSignature(deps: PortingDeps, actor: StaffActor, id: number) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await findSignature(tx, id);
    if (!row) {
      if (!(await orderOwner(tx, id))) throw notFound();
      const nothing = { requestedAt: null, expiresAt: null, signedAt: null, reason: null, documentHash: null };
      return { status: 'none' as const, ...nothing, certificate: null, verifiedAt: null };
    }
    await audit(tx, actor, 'porting.signature.view', `order:${id}`, { status: row.status });
    const lapsed = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
    return {
      status: lapsed ? ('expired' as const) : row.status,
      requestedAt: row.requestedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      signedAt: row.signedAt?.toISOString() ?? null,
      reason: row.reason,
      documentHash: row.documentHash,
      certificate: certificateOf(row),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
    };
  });
}

/**
 * «Проверить подпись»: the kept signature checked again over the kept PDF, against the roots the site
 * trusts now, for the order's applicant. The check and its outcome are audited.
 */
export async function recheckSignature(sd: SigningDeps, actor: StaffActor, id: number) {
  const deps = sd.porting;
  const row = await findSignature(deps.db, id);
  if (!row) throw notFound('Заявление не отправлялось на подпись в Госключ.');
  if (!row.signature) throw conflict('Подписи нет', 'Госключ не передал подпись этого заявления: проверять нечего.');
  const order = await orderOwner(deps.db, id);
  const verdict = await verifyKept(sd, row, row.signature, order?.userId ?? null);
  const checkedAt = deps.now();
  await deps.db.transaction(async (tx) => {
    await markVerified(tx, id, checkedAt);
    await audit(tx, actor, 'porting.signature.verify', `order:${id}`, {
      valid: verdict.valid,
      ...(verdict.valid ? {} : { refusal: verdict.refusal }),
      serial: verdict.certificate?.serial ?? null,
    });
  });
  const certificate = verdict.certificate
    ? {
        subject: maskSnils(verdict.certificate.subject),
        serial: verdict.certificate.serial,
        issuer: verdict.certificate.issuer,
        validFrom: verdict.certificate.validFrom.toISOString(),
        validTo: verdict.certificate.validTo.toISOString(),
      }
    : null;
  return {
    valid: verdict.valid,
    reason: verdict.valid ? null : verdict.reason,
    checkedAt: checkedAt.toISOString(),
    signedAt: verdict.signedAt?.toISOString() ?? null,
    certificate,
  };
}

/** The signed PDF or its signature, to support; the download is audited. */
export async function deskSignedFile(deps: PortingDeps, actor: StaffActor, id: number, file: 'pdf' | 'sig') {
  return deps.db.transaction(async (tx) => {
    const row = await findSignature(tx, id);
    const document = row?.status === 'signed' ? unsealBytes(deps.keys.seal, row.documentSealed) : null;
    if (!row?.signature || !document) throw notFound('Заявление не подписано в Госключе.');
    await audit(tx, actor, 'porting.signature.download', `order:${id}`, { file });
    return file === 'pdf' ? document : row.signature;
  });
}

/** The signature file on the owner's address, to a support member (not the owner): audited as on the desk. */
export async function supportSignatureFile(deps: PortingDeps, user: { oid: string; name: string }, id: number) {
  const roles = await staffRolesOf(deps.db, user.oid);
  if (!roles.includes('support')) throw notFound();
  return deskSignedFile(deps, { oid: user.oid, name: user.name, roles, audited: 0 }, id, 'sig');
}
