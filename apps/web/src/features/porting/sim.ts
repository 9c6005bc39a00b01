import dayjs from 'dayjs';
import { formatDateTime, formatRub } from '../../lib/format';
import type { PortationOrder, SimChoice, SimKind } from './api';

/** How each SIM way is named on the done page and in the account. */
export const SIM_KIND_LABELS: Record<SimKind, string> = {
  esim: 'eSIM',
  office: 'SIM-карта в офисе',
  courier: 'SIM-карта курьером',
};

const ADDRESS_PROBLEM =
  'Укажите адрес доставки целиком: город, улицу, дом и квартиру, например «г. Самара, ул. Ленина, д. 5, кв. 12».';

/** Whether a courier address looks whole: the server's own check (letters, a number, 10 characters). */
export function isWholeAddress(raw: string): boolean {
  const address = raw.replace(/\s+/g, ' ').trim();
  return address.length >= 10 && /\p{L}{2,}/u.test(address) && /\d/.test(address);
}

/** What a SIM choice still lacks, in the words the field shows; null when it is whole. */
export function simChoiceProblem(sim: SimChoice | null): string | null {
  if (!sim) return 'Выберите, как получить SIM-карту нового оператора.';
  if (sim.kind === 'office' && !sim.officeId) return 'Выберите офис, где заберёте SIM-карту.';
  if (sim.kind === 'courier' && !isWholeAddress(sim.address ?? '')) return ADDRESS_PROBLEM;
  return null;
}

/** The SIM choice an order already holds (a reload of step 3 keeps it), or null. */
export function simOfOrder(order: Pick<PortationOrder, 'sim'>): SimChoice | null {
  const sim = order.sim;
  if (!sim) return null;
  if (sim.kind === 'office') return sim.officeId ? { kind: 'office', officeId: sim.officeId } : { kind: 'office' };
  if (sim.kind === 'courier') return { kind: 'courier', address: sim.address ?? '' };
  return { kind: 'esim' };
}

/** A choice as the server takes it: the courier's address trimmed, nothing the kind does not use. */
export function simForServer(sim: SimChoice): SimChoice {
  if (sim.kind === 'office') return sim.officeId ? { kind: 'office', officeId: sim.officeId } : { kind: 'office' };
  if (sim.kind === 'courier') return { kind: 'courier', address: (sim.address ?? '').replace(/\s+/g, ' ').trim() };
  return { kind: 'esim' };
}

/** An edition of terms: «от 1 ноября 2026» for a date, else as it is written. */
export function formatEdition(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && dayjs(version).isValid()
    ? `от ${dayjs(version).format('D MMMM YYYY')}`
    : version;
}

/**
 * The donor's debt notice in one sentence: «Оплатите 1 840 ₽ до 01.12.2026, 23:59 (МСК), иначе перенос не
 * состоится.» — or, once paid, when.
 */
export function debtMessage(debt: NonNullable<PortationOrder['debt']>): string {
  if (debt.paidAt) return `Задолженность ${formatRub(debt.amount)} оплачена ${formatDateTime(debt.paidAt)} (МСК).`;
  return `Оплатите ${formatRub(debt.amount)} до ${formatDateTime(debt.payBy)} (МСК), иначе перенос не состоится.`;
}
