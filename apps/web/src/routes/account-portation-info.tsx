import { ApiError } from '@perenos/api-client';
import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Fact } from '../components/fact';
import { Page } from '../components/page';
import { Anchor, Card, Group, SimpleGrid, Stack, Title } from '../components/plain';
import { QueryState } from '../components/query-state';
import { getPortationInfoQueryOptions, isMsisdn, MsisdnHeader } from '../features/account';
import { getNumberingPlanQueryOptions } from '../features/lookup';
import { OperatorName } from '../features/operators';
import {
  applicationTitle,
  EndedAdvice,
  endingOf,
  getPortationOrderQueryOptions,
  OrderTimeline,
  PortingDetails,
  portationTitle,
  StatusBadge,
  useAccountEvents,
  WithdrawOrder,
} from '../features/porting';
import { formatDateTime } from '../lib/format';
import NotFoundPage from './not-found';

/** The portation of the address, when the address names one. */
function portationOf(params: Record<string, string | undefined>): { msisdn: string; id: number } | undefined {
  const msisdn = params.msisdn;
  const id = /^[1-9]\d{0,9}$/.test(params.portationId ?? '') ? Number(params.portationId) : undefined;
  return isMsisdn(msisdn) && id !== undefined && id <= 2147483647 ? { msisdn, id } : undefined;
}

export const loader: PageLoader = async ({ params, queryClient }) => {
  const portation = portationOf(params);
  if (portation) await queryClient.prefetchQuery(getPortationInfoQueryOptions(portation.msisdn, portation.id));
};

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
  // The application behind the porting: its SIM, fee, terms, debt, documents and whether it can be withdrawn.
  const orderId = data?.orderId ?? null;
  const order = useQuery({ ...getPortationOrderQueryOptions(orderId ?? 0), enabled: orderId !== null });
  const plan = useQuery(getNumberingPlanQueryOptions());
  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  // Named by its application, as the wizard names it; the portation's own id is only in the address.
  const heading = data ? portationTitle(data, data.portationDate) : 'Перенос номера';
  return (
    <Page
      title={`${heading} — ${formatMsisdn(msisdn)}`}
      description="Перенос номера: операторы, даты и история статусов."
      heading={heading}
    >
      <MsisdnHeader msisdn={msisdn} info={undefined} />
      <QueryState isPending={isPending} error={error} />
      {data && (
        <>
          <Card withBorder padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Fact label="Статус">
                <span data-testid="portation-status">
                  <StatusBadge status={data.status} ending={endingOf(data.events)} />
                </span>
              </Fact>
              <Fact label="Откуда">
                <OperatorName operator={data.fromOperator} size={32} />
              </Fact>
              <Fact label="Куда">
                <OperatorName operator={data.toOperator} size={32} />
              </Fact>
              <Fact label="Начат">{formatDateTime(data.startedAt)}</Fact>
              <Fact label="Дата переноса">
                <span data-testid="portation-date">
                  {data.portationDate ? formatDayInWords(data.portationDate) : '—'}
                </span>
              </Fact>
              <Fact label="Обновлён">{formatDateTime(data.lastUpdatedAt)}</Fact>
            </SimpleGrid>
          </Card>
          {data.status === 'Deleted' && (
            <EndedAdvice events={data.events} reason={order.data?.reason} msisdn={msisdn} orderId={orderId} />
          )}
          {order.data && <PortingDetails order={order.data} demo={plan.data?.isDemo ?? false} />}
          {order.data && <WithdrawOrder order={order.data} />}
          <Stack gap="sm">
            <Title order={2} size="h3">
              История
            </Title>
            <OrderTimeline events={data.events} />
          </Stack>
          <Group>
            {data.orderId !== null && (
              <Anchor component={Link} to={`/portation/${data.orderId}/done`}>
                {applicationTitle(data.orderId)}
              </Anchor>
            )}
            <Anchor component={Link} to={`/account/${msisdn}/portations`}>
              ← Все переносы номера
            </Anchor>
          </Group>
        </>
      )}
    </Page>
  );
}
