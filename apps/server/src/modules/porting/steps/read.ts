import { unauthorized, validationProblem } from '../../../lib/problem';
import { CONSENT_TEXT, CONSENT_VERSION, type ContractTerms, contractTerms, PORTING_FEE_RUB } from '../contract-terms';
import type { Owner, PortingDeps } from '../deps';
import * as repo from '../repository';
import { answer, ownedOrder } from './shared';

// What the wizard reads of an order: the order itself, and at step 3 the offices and the contract terms.

/** The order, to its owner only; with `withPersonal` the signed-in applicant's data from ESIA. */
export async function getOrder(deps: PortingDeps, owner: Owner, id: number, withPersonal: boolean) {
  await ownedOrder(deps, owner, id);
  if (withPersonal && owner.userId === null) throw unauthorized('Некорректный JWT токен');
  return answer(deps, owner, id, withPersonal);
}

/** Step 3: the recipient's offices in the number's region, where the SIM can be picked up. */
export async function orderOffices(deps: PortingDeps, owner: Owner, id: number) {
  const { order } = await ownedOrder(deps, owner, id);
  if (order.toOperatorId === null || order.regionCode === null) return [];
  return repo.officesOf(deps.db, order.toOperatorId, order.regionCode);
}

/** Step 3: the recipient's contract terms to read and accept (400 until a recipient is chosen). */
export async function orderTerms(
  deps: PortingDeps,
  owner: Owner,
  id: number,
): Promise<ContractTerms & { fee: number; consent: { version: string; text: string } }> {
  const view = await ownedOrder(deps, owner, id);
  if (!view.toOperator?.name) throw validationProblem({ operatorId: ['Сначала выберите нового оператора и тариф.'] });
  return {
    ...contractTerms(view.toOperator.name),
    fee: PORTING_FEE_RUB,
    consent: { version: CONSENT_VERSION, text: CONSENT_TEXT },
  };
}
