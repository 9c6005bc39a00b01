import { Stack, Text } from '../../../components/plain';
import type { WatchAlert } from '../api';
import { AlertCard } from './alert-card';

/** Alerts as a list of cards, newest first; what an empty list says is the caller's. */
export function AlertList({
  alerts,
  empty,
  headingOrder,
}: {
  alerts: WatchAlert[];
  empty: string;
  headingOrder?: 2 | 3;
}) {
  if (alerts.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm" component="ul" aria-label="Оповещения" p={0} m={0} style={{ listStyle: 'none' }}>
      {alerts.map((alert) => (
        <li key={alert.id}>
          <AlertCard alert={alert} {...(headingOrder ? { headingOrder } : {})} />
        </li>
      ))}
    </Stack>
  );
}
