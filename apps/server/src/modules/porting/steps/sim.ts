import { seal } from '../../../lib/seal';
import type { PortingDeps } from '../deps';
import * as repo from '../repository';
import type { SimKind } from '../tables';

/** The SIM choice of steps 2–3 as the subscriber sends it. */
export interface SimChoice {
  kind: SimKind;
  officeId?: string | undefined;
  address?: string | undefined;
}

/** How an order stores the SIM choice. */
export type SimColumns = Pick<repo.OrderRow, 'simKind' | 'simOfficeId' | 'simAddressSealed'>;

/**
 * Checks a SIM choice against the order's recipient and region: an office must be one of the recipient's
 * in the number's region, a courier needs a whole address. Answers the columns to store, or the field's
 * message.
 */
export async function simColumns(
  deps: PortingDeps,
  sim: SimChoice,
  recipient: { operatorId: number | null; regionCode: number | null },
): Promise<{ columns: SimColumns } | { problem: string }> {
  if (sim.kind === 'esim') return { columns: { simKind: 'esim', simOfficeId: null, simAddressSealed: null } };
  if (sim.kind === 'office') {
    if (!sim.officeId) return { problem: 'Выберите офис, где заберёте SIM-карту.' };
    const offices =
      recipient.operatorId !== null && recipient.regionCode !== null
        ? await repo.officesOf(deps.db, recipient.operatorId, recipient.regionCode)
        : [];
    if (!offices.some((o) => o.id === sim.officeId)) {
      return { problem: 'Такого офиса нового оператора нет в регионе номера: выберите офис из списка.' };
    }
    return { columns: { simKind: 'office', simOfficeId: sim.officeId, simAddressSealed: null } };
  }
  const address = (sim.address ?? '').replace(/\s+/g, ' ').trim();
  if (address.length < 10 || !/\p{L}{2,}/u.test(address) || !/\d/.test(address)) {
    return {
      problem:
        'Укажите адрес доставки целиком: город, улицу, дом и квартиру, например «г. Самара, ул. Ленина, д. 5, кв. 12».',
    };
  }
  return { columns: { simKind: 'courier', simOfficeId: null, simAddressSealed: seal(deps.keys.seal, address) } };
}
