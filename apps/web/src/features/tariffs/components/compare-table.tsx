import { Button, CloseButton, Paper, ScrollArea, Table } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '../../../components/plain';
import { userMessage } from '../../../lib/errors';
import { OperatorLogo } from '../../operators';
import { getTariffQueryOptions, type TariffDetail } from '../api';
import { formatAllowance, formatMonthly, formatUnitPrice, KIND_LABEL } from '../format';
import { priceIn, useServiceNames } from './tariff-detail-modal';

interface Row {
  label: string;
  /** Comparable value per tariff (Infinity = unlimited); the best one is marked when `better` is set. */
  value: (t: TariffDetail) => number | string | null;
  show: (t: TariffDetail) => ReactNode;
  better?: 'lower' | 'higher';
}

const unl = (n: number | null, unlim: boolean) => (unlim ? Number.POSITIVE_INFINITY : (n ?? 0));

/** Side-by-side table of up to four tariffs; rows that differ are highlighted and the best value is bold. */
export function CompareTable({
  ids,
  regionCode,
  onRemove,
  onClear,
}: {
  ids: number[];
  regionCode: number;
  onRemove: (id: number) => void;
  onClear: () => void;
}) {
  const results = useQueries({ queries: ids.map((id) => ({ ...getTariffQueryOptions(id), retry: false })) });
  const services = useServiceNames();
  const tariffs = results.flatMap((r) => (r.data ? [r.data] : []));
  const failed = results.find((r) => r.error);
  const rows: Row[] = [
    { label: 'Оператор', value: (t) => t.operatorName, show: (t) => t.operatorName },
    { label: 'Тип', value: (t) => t.kind, show: (t) => KIND_LABEL[t.kind] },
    {
      label: 'Абонентская плата',
      value: (t) => priceIn(t, regionCode) ?? null,
      show: (t) => {
        const p = priceIn(t, regionCode);
        return p === undefined ? 'не продаётся в регионе' : formatMonthly(p);
      },
      better: 'lower',
    },
    {
      label: 'Минуты',
      value: (t) => unl(t.minutes, t.minutesUnlim),
      show: (t) => formatAllowance(t.minutes, t.minutesUnlim, 'мин'),
      better: 'higher',
    },
    {
      label: 'SMS',
      value: (t) => unl(t.sms, t.smsUnlim),
      show: (t) => formatAllowance(t.sms, t.smsUnlim, 'SMS'),
      better: 'higher',
    },
    {
      label: 'Интернет',
      value: (t) => unl(t.traffic, t.trafficUnlim),
      show: (t) => formatAllowance(t.traffic, t.trafficUnlim, 'ГБ'),
      better: 'higher',
    },
    {
      label: 'Минута (сверх пакета)',
      value: (t) => t.minutePrice,
      show: (t) => formatUnitPrice(t.minutePrice),
      better: 'lower',
    },
    {
      label: 'SMS (сверх пакета)',
      value: (t) => t.smsPrice,
      show: (t) => formatUnitPrice(t.smsPrice),
      better: 'lower',
    },
    {
      label: 'Мегабайт (сверх пакета)',
      value: (t) => t.mbPrice,
      show: (t) => formatUnitPrice(t.mbPrice),
      better: 'lower',
    },
    {
      label: 'Подписки',
      value: (t) => t.mediaServiceIds.join(','),
      show: (t) => services.media(t.mediaServiceIds).join(', ') || '—',
    },
    {
      label: 'Домашние услуги',
      value: (t) => t.convergenceServiceIds.join(','),
      show: (t) => services.convergence(t.convergenceServiceIds).join(', ') || '—',
    },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="compare-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="compare-title">
            Сравнение тарифов
          </Title>
          <Button variant="subtle" size="xs" onClick={onClear}>
            Очистить сравнение
          </Button>
        </Group>
        {failed && <Text c="red">{userMessage(failed.error)}</Text>}
        {ids.length < 2 && <Text c="dimmed">Отметьте «Сравнить» ещё у одного тарифа — до четырёх.</Text>}
        <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Сравнение тарифов' }}>
          <Table withColumnBorders striped={false} miw={480} data-testid="compare-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={180} />
                {tariffs.map((t) => (
                  <Table.Th key={t.id}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Group gap="xs" wrap="nowrap">
                        <OperatorLogo src={t.operatorLogo} name={t.operatorName} size={28} />
                        <Text fw={700}>{t.name}</Text>
                      </Group>
                      <CloseButton aria-label={`Убрать из сравнения: ${t.name}`} onClick={() => onRemove(t.id)} />
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const values = tariffs.map(row.value);
                const differs = new Set(values.map(String)).size > 1;
                const numbers = values.filter((v): v is number => typeof v === 'number');
                const best =
                  row.better && differs && numbers.length > 0
                    ? row.better === 'lower'
                      ? Math.min(...numbers)
                      : Math.max(...numbers)
                    : undefined;
                return (
                  <Table.Tr
                    key={row.label}
                    data-differs={differs || undefined}
                    bg={differs ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Th scope="row">
                      {row.label}
                      {differs && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · различается
                        </Text>
                      )}
                    </Table.Th>
                    {tariffs.map((t, i) => (
                      <Table.Td key={t.id} fw={best !== undefined && values[i] === best ? 700 : undefined}>
                        {row.show(t)}
                        {best !== undefined && values[i] === best && (
                          <Text span size="xs" c="var(--mantine-primary-color-filled)">
                            {' '}
                            ✓ лучше
                          </Text>
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Paper>
  );
}
