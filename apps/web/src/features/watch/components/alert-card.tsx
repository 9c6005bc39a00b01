import { Alert, Button } from '@mantine/core';
import { Msisdn } from '../../../components/msisdn';
import { Badge, Card, Group, Stack, Text, Title } from '../../../components/plain';
import { userMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { HOLD_LABELS, type HoldState, useAnswerAlert, type WatchAlert } from '../api';

const HOLD_COLORS: Record<HoldState, string> = {
  pending: 'yellow',
  confirmed: 'green',
  refused: 'red',
  lapsed: 'gray',
  withdrawn: 'gray',
  outranked: 'orange',
  disputed: 'orange',
};

/**
 * One alert: what happened to the number and when, what to do if it was not the person, and for an
 * application waiting for their answer the two buttons.
 */
export function AlertCard({ alert, headingOrder = 3 }: { alert: WatchAlert; headingOrder?: 2 | 3 }) {
  const answer = useAnswerAlert();
  const waiting = alert.hold?.state === 'pending';
  // An application filed through ESIA that the watcher's SMS code cannot stop: «Это не я» only reports it.
  const outranked = alert.hold?.state === 'outranked';
  const headingId = `alert-${alert.id}`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={headingOrder} size="h4" id={headingId}>
            {alert.title}
          </Title>
          {alert.hold && (
            <Badge color={HOLD_COLORS[alert.hold.state]} variant="light" tt="none" size="md" miw="max-content">
              {HOLD_LABELS[alert.hold.state]}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <Msisdn value={alert.msisdn} /> · {formatDateTime(alert.occurredAt)} (МСК)
        </Text>
        <Text>{alert.text}</Text>
        <Alert color="yellow" variant="light" p="sm">
          <Text size="sm" fw={600}>
            {alert.advice}
          </Text>
        </Alert>
        {waiting && (
          <Group gap="sm">
            <Button
              onClick={() => answer.mutate({ id: alert.id, answer: 'confirm' })}
              loading={answer.isPending && answer.variables.answer === 'confirm'}
              disabled={answer.isPending}
            >
              Да, это я
            </Button>
            <Button
              color="red"
              variant="outline"
              onClick={() => answer.mutate({ id: alert.id, answer: 'refuse' })}
              loading={answer.isPending && answer.variables.answer === 'refuse'}
              disabled={answer.isPending}
            >
              Это не я
            </Button>
          </Group>
        )}
        {outranked && (
          <Group gap="sm">
            <Button
              color="red"
              variant="outline"
              onClick={() => answer.mutate({ id: alert.id, answer: 'refuse' })}
              loading={answer.isPending}
            >
              Это не я
            </Button>
          </Group>
        )}
        {answer.isError && (
          <Text c="red.8" size="sm" role="alert">
            {userMessage(answer.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
