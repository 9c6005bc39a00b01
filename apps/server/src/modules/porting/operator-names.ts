import type { Database } from '../../db/client';
import { operatorsByIds } from '../operators';

// The orders and portations keep their operators' ids; the operators module names them (decision 131).

export interface OperatorName {
  id: number;
  slug: string;
  name: string;
}

type WithIds = { fromOperatorId: number | null; toOperatorId: number | null };
type Named<T extends WithIds> = Omit<T, 'fromOperatorId' | 'toOperatorId'> & {
  fromOperator: OperatorName | null;
  toOperator: OperatorName | null;
};

/** Each row with its donor and recipient named instead of numbered (an unknown or null id: null). */
export async function withOperatorNames<T extends WithIds>(db: Database, rows: T[]): Promise<Named<T>[]> {
  const ops = await operatorsByIds(
    db,
    rows.flatMap((r) => [r.fromOperatorId, r.toOperatorId]).filter((id): id is number => id !== null),
  );
  const name = (id: number | null): OperatorName | null => {
    const o = id === null ? undefined : ops.get(id);
    return o ? { id: o.id, slug: o.slug, name: o.name } : null;
  };
  return rows.map(({ fromOperatorId, toOperatorId, ...rest }) => ({
    ...rest,
    fromOperator: name(fromOperatorId),
    toOperator: name(toOperatorId),
  }));
}
