import { Button, List } from '@mantine/core';
import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { Fact } from '../components/fact';
import { Page } from '../components/page';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { getNumberingPlanQueryOptions } from '../features/lookup';
import { OperatorName } from '../features/operators';
import {
  applicationTitle,
  EndedAdvice,
  OrderGate,
  OrderNotFound,
  OrderTimeline,
  type PortationOrder,
  PortingDetails,
  parseOrderId,
  StatusBadge,
  useAccountEvents,
  WithdrawOrder,
} from '../features/porting';

/** The done screen: a real submitted order of the signed-in user, following its status live. */
export default function PortationDonePage() {
  const id = parseOrderId(useParams().order);
  useAccountEvents(id !== undefined);
  return (
    <OrderGate id={id} anyStatus title="Заявление на перенос">
      {(order) => (order.portationId === null ? <OrderNotFound /> : <Done order={order} />)}
    </OrderGate>
  );
}

function Done({ order }: { order: PortationOrder }) {
  const plan = useQuery(getNumberingPlanQueryOptions());
  const accountLink = `/account/${order.msisdn}/portation/${order.portationId}`;
  const heading =
    order.status === 'Done'
      ? 'Номер перенесён'
      : order.status === 'Deleted'
        ? 'Перенос не состоится'
        : 'Заявление отправлено';
  return (
    <Page
      title={applicationTitle(order.id)}
      description="Заявление на перенос номера отправлено: что дальше."
      heading={heading}
      lead={`Заявление № ${order.id} на перенос номера ${formatMsisdn(order.msisdn)}.`}
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
              <StatusBadge status={order.status} />
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
            <Text>{order.portationAt ? `${formatDayInWords(order.portationAt)}, 00:00–06:00 (МСК)` : '—'}</Text>
          </Fact>
        </SimpleGrid>
      </Card>

      {order.status === 'Deleted' && (
        <EndedAdvice events={order.events} reason={order.reason} msisdn={order.msisdn} orderId={order.id} />
      )}

      <PortingDetails order={order} demo={plan.data?.isDemo ?? false} />

      {order.status === 'PendingBDPN' && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Что дальше
          </Title>
          <List spacing="xs">
            <List.Item>Заявление проверит центральная база данных перенесённых номеров (БДПН).</List.Item>
            <List.Item>
              Ваш нынешний оператор ({order.fromOperator?.operatorName ?? 'оператор-донор'}) проверит паспорт владельца
              договора и задолженность — долг нужно погасить до переноса.
            </List.Item>
            <List.Item>
              БДПН назначит окно переноса: ночь{' '}
              {order.portationAt ? formatDayInWords(order.portationAt) : 'выбранной даты'}, с 00:00 до 06:00 по Москве.
            </List.Item>
            <List.Item>
              Новый оператор передаст SIM-карту; после переноса номер заработает в его сети. Обо всех шагах мы сообщим
              {order.email ? ` на ${order.email} и` : ''} по SMS.
            </List.Item>
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
