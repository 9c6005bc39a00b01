import { createHash } from 'node:crypto';
import { formatMoscowDateTime } from '../../../lib/moscow';
import { unseal } from '../../../lib/seal';
import { CONSENT_TEXT, CONSENT_VERSION, CONTRACT_VERSION, type ContractTerms } from '../contract-terms';
import type { ApplicationContent } from '../document-drawing';
import { applicationContent, editionText, portingWindow } from '../documents';
import type { PresentedOrder } from '../presenter';
import type { OrderRow } from '../repository';

/**
 * What the person signs in Госключ: the application as the account's PDF says it, with the recipient's
 * contract terms and the consent in full (signing them is accepting them), and no status, since it is
 * not filed yet. What it says of the order is also kept as a hash: a signature counts only while the
 * order still says the same (decision 128).
 */

/** The application's words for signing, composed at `at`. */
export function signingContent(
  order: PresentedOrder,
  applicant: { fullName: string },
  windowStart: Date | null,
  terms: ContractTerms,
  at: Date,
): ApplicationContent {
  // Worded as the application to be filed (what happens once it is sent), not as the draft it still is.
  const filed: PresentedOrder = { ...order, status: 'PendingBDPN', canWithdraw: true };
  const content = applicationContent(filed, applicant, portingWindow(order, windowStart), null, terms);
  return {
    ...content,
    filed: `Для подписи в Госключе, составлено ${formatMoscowDateTime(at)} (МСК) на сайте «Перенос номера»`,
    rows: content.rows
      .filter(([label]) => label !== 'Статус')
      .map(([label, value]): [string, string] =>
        label === 'Условия договора'
          ? [label, `редакция ${editionText(terms.version)}, текст ниже — принимаются этой подписью`]
          : [label, value],
      ),
    sections: [...(content.sections ?? []), { title: `Согласие (редакция ${CONSENT_VERSION})`, text: CONSENT_TEXT }],
  };
}

/**
 * What the application says of the order, as a hash: the number, the operators, the tariff, the day, the
 * SIM and its address, the applicant and the editions of the terms and the consent. Another choice makes
 * another hash; the e-mail for notifications is not part of the application.
 */
export function applicationFacts(order: OrderRow, applicantName: string, sealKey: Buffer): string {
  const facts = {
    v: 1,
    userId: order.userId,
    applicant: applicantName,
    msisdn: order.msisdn,
    from: order.fromOperatorId,
    to: order.toOperatorId,
    region: order.regionCode,
    tariff: [order.tariffId, order.tariffName],
    day: order.portationDate,
    sim: [order.simKind, order.simOfficeId, order.simAddressSealed ? unseal(sealKey, order.simAddressSealed) : null],
    contract: CONTRACT_VERSION,
    consent: CONSENT_VERSION,
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}
