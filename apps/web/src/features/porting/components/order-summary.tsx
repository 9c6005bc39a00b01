import { Paper, Text } from '@mantine/core';
import { Fact } from '../../../components/fact';
import { Msisdn } from '../../../components/msisdn';
import { Group, SimpleGrid } from '../../../components/plain';
import { OperatorName } from '../../operators';
import type { PortationOrder } from '../api';
import { windowLine } from '../dates';

/** The number, its region and operators, and what is chosen so far. */
export function OrderSummary({ order, extra }: { order: PortationOrder; extra?: boolean }) {
  return (
    <Paper withBorder p="md" data-testid="order-summary">
      <SimpleGrid cols={{ base: 2, md: extra ? 3 : 4 }} spacing="md">
        <Fact label="Номер">
          {/* Half a phone's width: a smaller size keeps the whole number clear of the region beside it. */}
          <Text fw={700} fz={{ base: 'sm', xs: 'md' }}>
            <Msisdn value={order.msisdn} />
          </Text>
        </Fact>
        <Fact label="Регион">{order.regionName ?? '—'}</Fact>
        <Fact label="Сейчас у оператора">
          {order.fromOperator ? <OperatorName operator={order.fromOperator} size={28} /> : '—'}
        </Fact>
        <Fact label="Новый оператор">
          {order.toOperator ? (
            <Group gap="xs" wrap="nowrap">
              <OperatorName operator={order.toOperator} size={28} />
            </Group>
          ) : (
            <Text c="dimmed">ещё не выбран</Text>
          )}
        </Fact>
        {extra && (
          <>
            <Fact label="Тариф">{order.tariffName ?? '—'}</Fact>
            <Fact label="Дата переноса">{windowLine(order)}</Fact>
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}
