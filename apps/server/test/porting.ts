import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemClock } from '../src/lib/clock';
import { openSecret, secretKeys } from '../src/modules/notifications/service';
import { notifications } from '../src/modules/notifications/tables';
import { CONTRACT_VERSION } from '../src/modules/porting/contract-terms';
import { codeSendLimits } from '../src/modules/porting/tables';
import { tariffRegions } from '../src/modules/tariffs/tables';

/** What a subscriber chooses and accepts at step 3 besides consent: an eSIM and the current terms. */
export const ACCEPTED = { sim: { kind: 'esim' as const }, contractVersion: CONTRACT_VERSION };

/** An operator's id by its slug, as the site's API answers it. */
export async function operatorIdOf(app: FastifyInstance, slug: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: `/api/v1/operator/${slug}` })).json().id;
}

/** A tariff of the operator sold in the region (0 when there is none). */
export async function tariffOf(app: FastifyInstance, operatorId: number, regionCode: number): Promise<number> {
  const [row] = await app.db
    .select({ id: tariffRegions.tariffId })
    .from(tariffRegions)
    .where(and(eq(tariffRegions.operatorId, operatorId), eq(tariffRegions.regionCode, regionCode)))
    .limit(1);
  return row?.id ?? 0;
}

/**
 * The confirmation code of the last SMS queued to a number, opened as its sending job would at `now`
 * (where the sending job is off: the site's table keeps the code only masked, and sealed for that job).
 */
export async function queuedCode(app: FastifyInstance, sessionSecret: string, msisdn: string, now: Date) {
  const [sms] = await app.db
    .select({ sealed: notifications.secretSealed })
    .from(notifications)
    .where(and(eq(notifications.recipient, msisdn), eq(notifications.carriesSecret, true)))
    .orderBy(desc(notifications.id))
    .limit(1);
  return sms?.sealed ? (openSecret(secretKeys(sessionSecret, systemClock).key, sms.sealed, now) ?? '') : '';
}

/** The text of every page of a PDF, as a reader would copy it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

/**
 * Forgets the day's counts of new applications (10 a person, 5 a number; decision 123): a test of another
 * rule that opens more applications than a day allows starts each round afresh. The caps are tried on
 * their own in limits.test.ts.
 */
export async function forgetNewApplicationCounts(app: FastifyInstance): Promise<void> {
  await app.db.delete(codeSendLimits).where(like(codeSendLimits.scope, 'new-order:%'));
}
