import { type HttpProblem, notFound, validationProblem } from '../../../lib/problem';
import { unseal } from '../../../lib/seal';
import type { UserProfile } from '../../users';
import type { NumberProof, Owner, PortingDeps } from '../deps';
import { type Personal, presentOrder } from '../presenter';
import * as repo from '../repository';
import type { OrderStatus } from '../tables';

// What the wizard's steps share: who owns an order, how the number counts as confirmed, the answer every
// step ends with, and the refusals they have in common.

export type OrderView = NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>;

/** The owner may see an order: their own, or an anonymous one this browser made. */
export function owns(order: { userId: number | null; browserId: string | null }, owner: Owner): boolean {
  if (order.userId !== null) return owner.userId !== null && order.userId === owner.userId;
  return order.browserId !== null && owner.browserId !== null && order.browserId === owner.browserId;
}

/** The order if the asker owns it; anybody else learns nothing («not found»). */
export async function ownedOrder(deps: PortingDeps, owner: Owner, id: number): Promise<OrderView> {
  const view = await repo.findOrder(deps.db, id);
  if (!view || !owns(view.order, owner)) throw notFound();
  return view;
}

export function profileOf(applicant: Awaited<ReturnType<typeof repo.findApplicant>>): UserProfile | null {
  return applicant?.profile ?? null;
}

/** The number counts as the user's own: a verified ESIA mobile, or confirmed by an SMS code. */
export function isConfirmed(order: repo.OrderRow, profile: UserProfile | null): boolean {
  return order.msisdnConfirmedAt !== null || (profile?.mobiles.includes(order.msisdn) ?? false);
}

/** How an applicant shows the number of their application is theirs: their ESIA profile lists it, or an SMS code. */
export function applicantProof(msisdn: string, profile: UserProfile | null): NumberProof {
  return profile?.mobiles.includes(msisdn) ? 'esia' : 'sms';
}

export async function answer(deps: PortingDeps, owner: Owner, id: number, withPersonal = false) {
  const view = await repo.findOrder(deps.db, id);
  if (!view) throw notFound();
  const applicant = owner.userId !== null ? await repo.findApplicant(deps.db, owner.userId) : undefined;
  return presentFor(deps, owner, view, applicant, withPersonal);
}

/** The order's answer from its rows already read, and the signed-in applicant's. */
export async function presentFor(
  deps: PortingDeps,
  owner: Owner,
  view: OrderView,
  applicant: Awaited<ReturnType<typeof repo.findApplicant>>,
  withPersonal = false,
) {
  const profile = profileOf(applicant);
  let personal: Personal | null | undefined;
  if (withPersonal) {
    personal = applicant
      ? {
          fullName: applicant.name,
          birthDate: profile?.birthDate ?? null,
          passport: profile?.passportMasked ?? null,
        }
      : null;
  }
  const sealed = view.order.simAddressSealed;
  return presentOrder(view, await repo.orderEvents(deps.db, view.order.id), {
    isMsisdnConfirmed: owner.userId !== null && isConfirmed(view.order, profile),
    now: deps.now(),
    courierAddress: sealed ? unseal(deps.keys.seal, sealed) : null,
    ...(personal !== undefined ? { personal } : {}),
  });
}

export function refusal(
  message: string,
  extensions: { refusal: string; availableFrom?: string; orderId?: number },
): HttpProblem {
  return validationProblem({ msisdn: [message] }, extensions);
}

/** The operator must be another than the donor and work in the number's region. */
export async function checkOperator(
  deps: PortingDeps,
  operatorId: number,
  order: { fromOperatorId: number | null; regionCode: number | null },
  regionName: string | null,
): Promise<string | null> {
  const [operator] = await repo.operatorsByIds(deps.db, [operatorId]);
  if (!operator) return 'Такого оператора нет.';
  if (operatorId === order.fromOperatorId) return `Номер уже обслуживает ${operator.name}: выберите другого оператора.`;
  if (order.regionCode === null || !(await repo.operatorServesRegion(deps.db, operatorId, order.regionCode))) {
    return `${operator.name} не работает в регионе номера${regionName ? ` (${regionName})` : ''}.`;
  }
  return null;
}

export function draftExists(orderId: number): HttpProblem {
  return refusal(`У вас уже есть незаконченное заявление № ${orderId} на этот номер: продолжите его.`, {
    refusal: 'draft-exists',
    orderId,
  });
}

export function notEditable(status: OrderStatus): HttpProblem {
  const message =
    status === 'Deleted'
      ? 'Заявление удалено: изменить или отправить его нельзя. Подайте новое.'
      : 'Заявление уже отправлено: изменить его нельзя.';
  return validationProblem({ status: [message] });
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
