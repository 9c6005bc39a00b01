import { Badge } from '@mantine/core';
import { type OrderStatus, STATUS_LABELS } from '../api';

const COLORS: Record<OrderStatus, string> = {
  Initialized: 'gray',
  PendingBDPN: 'yellow',
  Done: 'green',
  Deleted: 'red',
};

/** The status of an order or portation, in Russian. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" size="md" style={{ flex: 'none' }} miw="max-content">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
