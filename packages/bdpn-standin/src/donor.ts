/**
 * The donor operators' side: what each knows of its subscribers' contracts. The stand-in has
 * records for the test citizens' numbers only; a number without a record is taken as the
 * applicant's own, with no debt.
 */

export interface Contract {
  msisdn: string;
  /** The contract holder's passport as the donor has it on file. */
  passport: { series: string; number: string };
  /** Unpaid balance, roubles. */
  debtRub: number;
}

/** The test citizens' contracts (their passports as in the ESIA stand-in, unless the story says otherwise). */
export const DEMO_CONTRACTS: readonly Contract[] = [
  { msisdn: '79161234567', passport: { series: '4510', number: '123456' }, debtRub: 0 },
  { msisdn: '79037654321', passport: { series: '4510', number: '123456' }, debtRub: 0 },
  { msisdn: '79215550101', passport: { series: '4012', number: '654321' }, debtRub: 0 },
  { msisdn: '79132223344', passport: { series: '5209', number: '778899' }, debtRub: 0 },
  { msisdn: '79286667788', passport: { series: '6020', number: '334455' }, debtRub: 0 },
  { msisdn: '79178889900', passport: { series: '9204', number: '556677' }, debtRub: 0 },
  // Долгова: an unpaid bill — the donor refuses until it is paid.
  { msisdn: '79275551234', passport: { series: '3615', number: '246810' }, debtRub: 1840 },
  // Морозов changed his passport in 2025; the contract still names the old one.
  { msisdn: '79851112233', passport: { series: '4505', number: '908172' }, debtRub: 0 },
];

export type DonorAnswer = { accepted: true } | { accepted: false; code: 'debt' | 'passport'; reason: string };

const digits = (s: string) => s.replace(/\D/g, '');

const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** The donor's check of an application: the holder's passport, then the balance. */
export function donorCheck(
  contracts: readonly Contract[],
  msisdn: string,
  passport: { series: string; number: string },
): DonorAnswer {
  const contract = contracts.find((c) => c.msisdn === msisdn);
  if (!contract) return { accepted: true };
  const same =
    digits(contract.passport.series) === digits(passport.series) &&
    digits(contract.passport.number) === digits(passport.number);
  if (!same) {
    return {
      accepted: false,
      code: 'passport',
      reason: 'паспортные данные заявителя не совпадают с данными владельца номера в договоре',
    };
  }
  if (contract.debtRub > 0) {
    return {
      accepted: false,
      code: 'debt',
      reason: `задолженность по договору ${rub.format(contract.debtRub)}\u00a0₽`,
    };
  }
  return { accepted: true };
}
