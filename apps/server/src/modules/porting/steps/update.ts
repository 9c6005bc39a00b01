import { formatDayNumeric, isCalendarDay } from '../../../lib/moscow';
import { validationProblem } from '../../../lib/problem';
import { tariffForRegion } from '../../tariffs';
import type { Owner, PortingDeps } from '../deps';
import * as repo from '../repository';
import { portationWindow } from '../rules';
import { answer, checkOperator, draftExists, isUniqueViolation, notEditable, ownedOrder } from './shared';
import { type SimChoice, simColumns } from './sim';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Steps 2–3: the recipient operator, its tariff, the porting date and the e-mail. A signed-in user
 * editing this browser's anonymous order takes it over.
 */
export async function updateOrder(
  deps: PortingDeps,
  owner: Owner & { userId: number },
  id: number,
  body: {
    operatorId: number;
    tariffId: number;
    portationAt: string;
    email?: string | null | undefined;
    sim?: SimChoice | undefined;
  },
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const order = view.order;
  if (order.status !== 'Initialized') throw notEditable(order.status);
  const errors: Record<string, string[]> = {};
  const sim = body.sim
    ? await simColumns(deps, body.sim, { operatorId: body.operatorId, regionCode: order.regionCode })
    : null;
  if (sim && 'problem' in sim) errors.sim = [sim.problem];
  // Another recipient has other offices: an office chosen for the previous one is forgotten.
  const keepSim = !sim && order.toOperatorId === body.operatorId;
  const operatorProblem = await checkOperator(deps, body.operatorId, order, view.regionName);
  if (operatorProblem) errors.operatorId = [operatorProblem];
  const tariff = await tariffForRegion(deps.db, body.tariffId, order.regionCode ?? 0);
  if (!tariff) errors.tariffId = ['Такого тарифа нет.'];
  else if (tariff.operatorId !== body.operatorId) errors.tariffId = ['Это тариф другого оператора.'];
  else if (tariff.isArchived || !tariff.soldHere) {
    errors.tariffId = [
      `Тариф «${tariff.name}» не продаётся в регионе номера${view.regionName ? ` (${view.regionName})` : ''}.`,
    ];
  }
  const window = portationWindow(now);
  if (!isCalendarDay(body.portationAt)) {
    errors.portationAt = ['Укажите дату в виде ГГГГ-ММ-ДД, например 2026-12-02.'];
  } else if (body.portationAt < window.earliest || body.portationAt > window.latest) {
    errors.portationAt = [
      `Дату переноса можно выбрать с ${formatDayNumeric(window.earliest)} по ${formatDayNumeric(window.latest)}: не раньше чем через 8 дней и не позже чем через 6 месяцев.`,
    ];
  }
  const email = body.email?.trim() || null;
  if (email !== null && !EMAIL_RE.test(email)) {
    errors.email = ['Введите адрес электронной почты целиком, например ivan@example.ru.'];
  }
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  await deps.db
    .transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, id);
      if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
      await repo.updateOrder(
        tx,
        id,
        {
          userId: owner.userId,
          toOperatorId: body.operatorId,
          tariffId: body.tariffId,
          tariffName: tariff?.name ?? null,
          portationDate: body.portationAt,
          email,
          ...(sim && 'columns' in sim
            ? sim.columns
            : keepSim
              ? {}
              : { simKind: null, simOfficeId: null, simAddressSealed: null }),
        },
        now,
      );
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      // Taking over this browser's draft, the user already has one of their own for the number.
      const own = (await repo.openOrders(deps.db, order.msisdn)).find(
        (o) => o.status === 'Initialized' && o.userId === owner.userId,
      );
      throw own ? draftExists(own.id) : err;
    });
  return answer(deps, owner, id);
}
