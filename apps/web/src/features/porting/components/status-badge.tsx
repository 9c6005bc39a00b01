import { Badge } from '@mantine/core';
import { type PortingStatus, STATUS_COLORS, STATUS_LABELS } from '../status';

/** The status of an application or its porting, in its one Russian name; never cut off. */
export function StatusBadge({ status }: { status: PortingStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      tt="none"
      size="md"
      style={{ flex: 'none' }}
      miw="max-content"
      // A narrow table cell must not cut the name to «Номер п…».
      styles={{ label: { overflow: 'visible' } }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
