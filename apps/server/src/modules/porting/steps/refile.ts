import { validationProblem } from '../../../lib/problem';
import { tariffForRegion } from '../../tariffs';
import type { Owner, PortingDeps, QuotaSpend } from '../deps';
import * as repo from '../repository';
import { portationWindow } from '../rules';
import { initOrder } from './init';
import { answer, checkOperator, notEditable, ownedOrder } from './shared';

/**
 * «Подать заново»: after a refusal or a lapse, a new draft of the same number with the same choices
 * (recipient, tariff if still sold, SIM, e-mail) and the earliest date, once the rules allow it. The
 * 60-day rule and an open application refuse as at step 1, and it spends what step 1 spends: a lookup
 * and one of the day's new applications of the person and of the number.
 */
export async function refileOrder(
  deps: PortingDeps,
  owner: Owner & { userId: number },
  id: number,
  spendQuota: QuotaSpend,
) {
  const now = deps.now();
  const view = await ownedOrder(deps, owner, id);
  const old = view.order;
  if (old.status !== 'Deleted') {
    throw validationProblem({
      status: [
        old.status === 'Done'
          ? 'Номер уже перенесён: подать это заявление заново нельзя.'
          : 'Заявление ещё действует: подать его заново можно, только если оно отменено или отклонено.',
      ],
    });
  }
  const fresh = await initOrder(deps, owner, { msisdn: old.msisdn }, spendQuota);
  const window = portationWindow(now);
  const tariff =
    old.tariffId !== null && fresh.regionCode !== null
      ? await tariffForRegion(deps.db, old.tariffId, fresh.regionCode)
      : undefined;
  const tariffStillSold = tariff && !tariff.isArchived && tariff.soldHere && tariff.operatorId === old.toOperatorId;
  const operatorStillOk =
    old.toOperatorId !== null &&
    old.toOperatorId !== fresh.fromOperator?.operatorId &&
    (await checkOperator(
      deps,
      old.toOperatorId,
      { fromOperatorId: fresh.fromOperator?.operatorId ?? null, regionCode: fresh.regionCode },
      fresh.regionName,
    )) === null;
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockOrder(tx, fresh.id);
    if (locked?.status !== 'Initialized') throw notEditable(locked?.status ?? 'Deleted');
    await repo.updateOrder(
      tx,
      fresh.id,
      {
        userId: owner.userId,
        email: old.email,
        ...(operatorStillOk
          ? {
              toOperatorId: old.toOperatorId,
              tariffId: tariffStillSold ? old.tariffId : null,
              tariffName: tariffStillSold ? old.tariffName : null,
              simKind: old.simKind,
              simOfficeId: old.simOfficeId,
              simAddressSealed: old.simAddressSealed,
            }
          : {}),
        portationDate: window.earliest,
      },
      now,
    );
  });
  return answer(deps, owner, fresh.id);
}
