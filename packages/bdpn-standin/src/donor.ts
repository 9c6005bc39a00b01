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
  /** Why the number is blocked, if it is: the donor refuses to port it. */
  blocked?: string;
}

/** The test citizens' contracts (their passports as in the ESIA stand-in, unless the story says otherwise). */
export const DEMO_CONTRACTS: readonly Contract[] = [
  { msisdn: '79161234567', passport: { series: '4510', number: '123456' }, debtRub: 0 },
  { msisdn: '79037654321', passport: { series: '4510', number: '123456' }, debtRub: 0 },
  { msisdn: '79215550101', passport: { series: '4012', number: '654321' }, debtRub: 0 },
  { msisdn: '79132223344', passport: { series: '5209', number: '778899' }, debtRub: 0 },
  { msisdn: '79286667788', passport: { series: '6020', number: '334455' }, debtRub: 0 },
  { msisdn: '79178889900', passport: { series: '9204', number: '556677' }, debtRub: 0 },
  // Долгова: unpaid bills on this number and on her second one with the same donor, 1 840 ₽ in all.
  { msisdn: '79275551234', passport: { series: '3615', number: '246810' }, debtRub: 1240 },
  { msisdn: '79275551235', passport: { series: '3615', number: '246810' }, debtRub: 600 },
  // Кузнецова reported her third SIM lost: the number is blocked.
  {
    msisdn: '79994445566',
    passport: { series: '5209', number: '778899' },
    debtRub: 0,
    blocked: 'номер заблокирован по заявлению владельца об утере SIM-карты',
  },
  // Морозов changed his passport in 2025; the contract still names the old one.
  { msisdn: '79851112233', passport: { series: '4505', number: '908172' }, debtRub: 0 },
];

export type DonorAnswer =
  | { accepted: true; debts: { msisdn: string; amountRub: number }[] }
  | { accepted: false; code: 'passport' | 'blocked'; reason: string };

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * The donor's check of an application: the holder's passport, whether the number is blocked, and the
 * holder's unpaid balances on every number they have with this donor (`sameDonor` says which of the
 * holder's other numbers this donor serves). A debt is not a refusal: it is noticed, with a date to pay by.
 */
export function donorCheck(
  contracts: readonly Contract[],
  msisdn: string,
  passport: { series: string; number: string },
  sameDonor: (otherMsisdn: string) => boolean,
): DonorAnswer {
  const contract = contracts.find((c) => c.msisdn === msisdn);
  if (!contract) return { accepted: true, debts: [] };
  const holder = (c: Contract) =>
    digits(c.passport.series) === digits(passport.series) && digits(c.passport.number) === digits(passport.number);
  if (!holder(contract)) {
    return {
      accepted: false,
      code: 'passport',
      reason: 'паспортные данные заявителя не совпадают с данными владельца номера в договоре',
    };
  }
  if (contract.blocked) return { accepted: false, code: 'blocked', reason: contract.blocked };
  const debts = contracts
    .filter((c) => c.debtRub > 0 && holder(c) && (c.msisdn === msisdn || sameDonor(c.msisdn)))
    .map((c) => ({ msisdn: c.msisdn, amountRub: c.debtRub }));
  return { accepted: true, debts };
}
