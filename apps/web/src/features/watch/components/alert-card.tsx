import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
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

type Answer = 'confirm' | 'refuse';

/** What each answer does, asked before it is sent: neither can be taken back. */
const ASK: Record<Answer, { title: string; text: string; yes: string }> = {
  confirm: {
    title: 'Подтвердить, что заявление подали вы?',
    text: 'Заявление сразу уйдёт в центральную базу перенесённых номеров (БДПН), и номер будет перенесён в назначенную ночь. Изменить ответ будет нельзя.',
    yes: 'Да, подтверждаю',
  },
  refuse: {
    title: 'Отклонить заявление?',
    text: 'Заявление будет отклонено окончательно: по нему номер не перенесут. Заявитель узнает, что владелец номера его не подавал. Изменить ответ будет нельзя.',
    yes: 'Да, отклонить',
  },
};

/**
 * One alert: what happened to the number and when, what to do if it was not the person (until they
 * answered), and for an application waiting for their answer the two buttons, each asking once more.
 */
export function AlertCard({ alert, headingOrder = 3 }: { alert: WatchAlert; headingOrder?: 2 | 3 }) {
  const answer = useAnswerAlert();
  const [asking, setAsking] = useState<Answer | null>(null);
  const waiting = alert.hold?.state === 'pending';
  // An application filed through ESIA that the watcher's SMS code cannot stop: «Это не я» only reports it.
  const outranked = alert.hold?.state === 'outranked';
  const headingId = `alert-${alert.id}`;
  const send = (what: Answer) => answer.mutate({ id: alert.id, answer: what }, { onSettled: () => setAsking(null) });
  const ask = asking ? ASK[asking] : null;
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
        {alert.advice && (
          <Alert color="yellow" variant="light" p="sm">
            <Text size="sm" fw={600}>
              {alert.advice}
            </Text>
          </Alert>
        )}
        {(waiting || outranked) && !ask && (
          <Group gap="sm">
            {waiting && <Button onClick={() => setAsking('confirm')}>Да, это я</Button>}
            <Button color="red" variant="outline" onClick={() => setAsking('refuse')}>
              Это не я
            </Button>
          </Group>
        )}
        {ask && asking && (
          <Alert color={asking === 'refuse' ? 'red' : 'green'} title={ask.title} data-testid="alert-answer-confirm">
            <Stack gap="sm">
              <Text size="sm">
                {asking === 'refuse' && outranked
                  ? 'Заявление подано через Госуслуги, поэтому отклонить его вы не можете: ваш ответ увидит служба поддержки сайта. Изменить ответ будет нельзя.'
                  : ask.text}
              </Text>
              <Group gap="sm">
                <Button
                  color={asking === 'refuse' ? 'red' : undefined}
                  onClick={() => send(asking)}
                  loading={answer.isPending}
                >
                  {asking === 'refuse' && outranked ? 'Да, это не я' : ask.yes}
                </Button>
                <Button variant="default" onClick={() => setAsking(null)} disabled={answer.isPending}>
                  Нет, вернуться
                </Button>
              </Group>
            </Stack>
          </Alert>
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
