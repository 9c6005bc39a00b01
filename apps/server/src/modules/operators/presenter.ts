import { logoUrl } from '../../lib/operator-logo';

/** An operator row as joined by a query (any part may be missing on a left join). */
export interface OperatorRow {
  id: number | null;
  slug: string | null;
  name: string | null;
}

/** The operator as answers show it (docs/product.md §11: operatorId, operatorName, operatorLogo), or null when unknown. */
export function presentOperator(op: OperatorRow | null | undefined) {
  if (!op || op.id === null || op.slug === null || op.name === null) return null;
  return { operatorId: op.id, operatorLogo: logoUrl(op.slug), operatorName: op.name };
}
