import { Badge } from '@mantine/core';
import { type EndingKind, type PortingStatus, STATUS_COLORS, statusName } from '../status';

/**
 * The status of an application or its porting, in its one Russian name (a refusal named for who refused,
 * when the page knows how it ended); never cut off.
 */
export function StatusBadge({ status, ending }: { status: PortingStatus; ending?: EndingKind | null }) {
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
      {statusName(status, ending)}
    </Badge>
  );
}
