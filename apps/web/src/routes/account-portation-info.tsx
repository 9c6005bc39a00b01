import { Anchor, Card, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { ApiError } from '@perenos/api-client';
import { formatMsisdn } from '@perenos/phone';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { Fact } from '../components/fact';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import {
  getPortationInfoQueryOptions,
  isMsisdn,
  MsisdnHeader,
  OperatorName,
  STATUS_LABELS,
  StatusBadge,
} from '../features/account';
import { useAccountEvents } from '../features/porting';
import { formatDate, formatDateTime } from '../lib/format';
import NotFoundPage from './not-found';

export default function AccountPortationInfoPage() {
  const params = useParams();
  const msisdn = params.msisdn;
  const id = /^[1-9]\d{0,9}$/.test(params.portationId ?? '') ? Number(params.portationId) : undefined;
  const valid = isMsisdn(msisdn) && id !== undefined && id <= 2147483647;
  // The status and the timeline follow the porting as it goes, without a reload.
  useAccountEvents(valid);
  const { data, isPending, error } = useQuery({
    ...getPortationInfoQueryOptions(valid ? msisdn : '', id ?? 0),
    enabled: valid,
  });
  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  return (
    <Page
      title={`Перенос № ${id} — ${formatMsisdn(msisdn)}`}
      description="Перенос номера: операторы, даты и история статусов."
      heading={`Перенос № ${id}`}
    >
      <MsisdnHeader msisdn={msisdn} info={undefined} />
      <QueryState isPending={isPending} error={error} />
      {data && (
        <>
          <Card withBorder padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Fact label="Статус">
                <StatusBadge status={data.status} />
              </Fact>
              <Fact label="Откуда">
                <OperatorName operator={data.fromOperator} size={32} />
              </Fact>
              <Fact label="Куда">
                <OperatorName operator={data.toOperator} size={32} />
              </Fact>
              <Fact label="Начат">{formatDateTime(data.startedAt)}</Fact>
              <Fact label="Дата переноса">{data.portationAt ? formatDate(data.portationAt) : '—'}</Fact>
              <Fact label="Обновлён">{formatDateTime(data.lastUpdatedAt)}</Fact>
            </SimpleGrid>
          </Card>
          <Stack gap="sm">
            <Title order={2} size="h3">
              История
            </Title>
            {data.events.length === 0 ? (
              <Text c="dimmed">Событий по этому переносу пока нет.</Text>
            ) : (
              <Timeline active={data.events.length - 1} bulletSize={18} lineWidth={2}>
                {data.events.map((e) => (
                  <Timeline.Item key={`${e.occurredAt}-${e.status}`} title={STATUS_LABELS[e.status]}>
                    <Text size="sm">{e.description}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.occurredAt)} (МСК)
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Stack>
          <Group>
            <Anchor component={Link} to={`/account/${msisdn}/portations`}>
              ← Все переносы номера
            </Anchor>
          </Group>
        </>
      )}
    </Page>
  );
}
