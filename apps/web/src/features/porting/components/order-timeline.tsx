import { Timeline } from '@mantine/core';
import { Text } from '../../../components/plain';
import { formatDateTime } from '../../../lib/format';
import { endingOf, type PortingStatus, statusName } from '../status';

interface TimelineEvent {
  occurredAt: string;
  kind: string;
  status: PortingStatus;
  description: string;
}

/** The messages of a porting, oldest first, each with its Moscow time and the state it left (a refusal by its name). */
export function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <Text c="dimmed">Событий пока нет.</Text>;
  return (
    <Timeline active={events.length - 1} bulletSize={18} lineWidth={2} data-testid="timeline">
      {events.map((e) => (
        <Timeline.Item key={`${e.occurredAt}-${e.description}`} title={e.description}>
          <Text size="xs" c="dimmed">
            {formatDateTime(e.occurredAt)} (МСК) · {statusName(e.status, endingOf([e]))}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
