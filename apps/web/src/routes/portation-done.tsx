import { Button, List } from '@mantine/core';
import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { Fact } from '../components/fact';
import { Msisdn } from '../components/msisdn';
import { Page } from '../components/page';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { getNumberingPlanQueryOptions } from '../features/lookup';
import { OperatorName } from '../features/operators';
import {
  applicationTitle,
  EndedAdvice,
  endingOf,
  nextSteps,
  OrderGate,
  OrderNotFound,
  OrderTimeline,
  PHASE_HEADINGS,
  type PortationOrder,
  PortingDetails,
  parseOrderId,
  phaseOf,
  StatusBadge,
  useAccountEvents,
  WithdrawOrder,
  windowLine,
} from '../features/porting';

/** The done screen: a real submitted order of the signed-in user, following its status live. */
export default function PortationDonePage() {
  const id = parseOrderId(useParams().order);
  useAccountEvents(id !== undefined);
  return (
    <OrderGate id={id} anyStatus title="Заявление на перенос">
      {(order) => (order.portationId === null ? <OrderNotFound /> : <PortationDoneView order={order} />)}
    </OrderGate>
  );
}

/**
 * A submitted application in its present phase: the heading, the badge, what comes next and the SIM's
 * and debt's sentences are the phase's own (@perenos/porting-rules), never one left from an earlier phase.
 */
export function PortationDoneView({ order }: { order: PortationOrder }) {
  const plan = useQuery(getNumberingPlanQueryOptions());
  const accountLink = `/account/${order.msisdn}/portation/${order.portationId}`;
  const phase = phaseOf(order);
  const heading = PHASE_HEADINGS[phase];
  const next = nextSteps(phase, {
    donor: order.fromOperator?.operatorName ?? 'оператор-донор',
    night: order.portationAt,
    window: order.window,
    email: order.email,
  });
  return (
    <Page
      title={applicationTitle(order.id)}
      description="Заявление на перенос номера отправлено: что дальше."
      heading={heading}
      lead={
        <>
          Заявление № {order.id} на перенос номера <Msisdn value={order.msisdn} />.
        </>
      }
    >
      <Card withBorder padding="lg" data-testid="done-card">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          <Fact label="Номер заявления">
            <Text fw={700} size="lg" data-testid="application-number">
              № {order.id}
            </Text>
          </Fact>
          <Fact label="Статус">
            <span data-testid="order-status">
              <StatusBadge status={order.status} ending={endingOf(order.events)} />
            </span>
          </Fact>
          <Fact label="Номер">
            <Text style={{ whiteSpace: 'nowrap' }}>{formatMsisdn(order.msisdn)}</Text>
          </Fact>
          <Fact label="Новый оператор">
            <OperatorName operator={order.toOperator} size={28} />
          </Fact>
          <Fact label="Тариф">
            <Text>{order.tariffName ?? '—'}</Text>
          </Fact>
          <Fact label="Дата переноса">
            {/* The night's hours are a promise while the porting is ahead; after the move, the day it moved. */}
            <Text>
              {phase === 'filed' || phase === 'scheduled'
                ? windowLine(order)
                : order.portationAt
                  ? formatDayInWords(order.portationAt)
                  : '—'}
            </Text>
          </Fact>
        </SimpleGrid>
      </Card>

      {order.status === 'Deleted' && (
        <EndedAdvice events={order.events} reason={order.reason} msisdn={order.msisdn} orderId={order.id} />
      )}

      <PortingDetails order={order} demo={plan.data?.isDemo ?? false} />

      {next.length > 0 && (
        <Stack gap="sm" data-testid="next-steps">
          <Title order={2} size="h3">
            Что дальше
          </Title>
          <List spacing="xs">
            {next.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      )}

      <Stack gap="sm">
        <Title order={2} size="h3">
          Ход переноса
        </Title>
        <Text size="sm" c="dimmed">
          Страница обновляется сама, когда статус меняется.
        </Text>
        <OrderTimeline events={order.events} />
      </Stack>

      <WithdrawOrder order={order} />

      <Group>
        <Button component={Link} to={accountLink}>
          Перенос в личном кабинете
        </Button>
        <Button component={Link} to="/check" variant="light">
          Проверить номер
        </Button>
      </Group>
    </Page>
  );
}
