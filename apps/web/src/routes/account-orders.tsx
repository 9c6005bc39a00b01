import { ApiError } from '@perenos/api-client';
import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Msisdn } from '../components/msisdn';
import { Page } from '../components/page';
import { Anchor, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import {
  type AccountOrder,
  AccountRecords,
  getAccountOrdersQueryOptions,
  MsisdnHeader,
  type RecordField,
  readListAddress,
} from '../features/account';
import { OperatorName } from '../features/operators';
import { applicationTitle } from '../features/porting';
import { formatDate, formatDateTime } from '../lib/format';
import NotFoundPage from './not-found';

/** An order leads back into the wizard: a draft to its step 2, a submitted one to its done page. */
function OrderLink({ order, label }: { order: { id: number; status: string }; label: string }) {
  const open = order.status === 'Initialized' || order.status === 'PendingBDPN' || order.status === 'Done';
  if (!open) return <>{label}</>;
  return (
    <Anchor
      component={Link}
      inherit
      to={order.status === 'Initialized' ? `/portation/${order.id}/tariffs` : `/portation/${order.id}/done`}
    >
      {label}
      {order.status === 'Initialized' ? ' — продолжить' : ''}
    </Anchor>
  );
}

const FIELDS: RecordField<AccountOrder>[] = [
  { label: 'Создано', value: (o) => formatDate(o.createdAt), nowrap: true, cardOnly: true },
  { label: 'Откуда', value: (o) => <OperatorName operator={o.fromOperator} /> },
  { label: 'Куда', value: (o) => <OperatorName operator={o.toOperator} /> },
  { label: 'Дата переноса', value: (o) => (o.portationDate ? formatDayInWords(o.portationDate) : '—'), nowrap: true },
  { label: 'Обновлено', value: (o) => formatDateTime(o.lastUpdate), nowrap: true },
];

export const loader: PageLoader = async ({ params, queryClient }) => {
  const address = readListAddress(params);
  if (address) await queryClient.prefetchQuery(getAccountOrdersQueryOptions(address.msisdn, address.page));
};

export default function AccountOrdersPage() {
  const address = readListAddress(useParams());
  const { data, isPending, error } = useQuery({
    ...getAccountOrdersQueryOptions(address?.msisdn ?? '', address?.page ?? 1),
    enabled: address !== undefined,
  });
  if (!address || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  const { msisdn, page } = address;
  const orders = data?.orders;
  return (
    <Page
      title={`Заявления на перенос ${formatMsisdn(msisdn)}`}
      description="Заявления на перенос номера и их статусы."
      heading={<Msisdn value={msisdn} />}
    >
      <MsisdnHeader msisdn={msisdn} info={data?.msisdnInfo} tab="orders" />
      <QueryState isPending={isPending} error={error} />
      {orders && (
        <AccountRecords
          label="Заявления"
          idLabel="Заявление"
          records={orders.data}
          totalRows={orders.totalRows}
          empty={{ page: 'На этой странице заявлений нет.', none: 'Заявлений на перенос этого номера пока нет.' }}
          title={(o) => <OrderLink order={o} label={applicationTitle(o.id)} />}
          idCell={(o) => (
            <>
              <Text size="sm" component="div">
                <OrderLink order={o} label={`№ ${o.id}`} />
              </Text>
              <Text size="xs" c="dimmed">
                от {formatDate(o.createdAt)}
              </Text>
            </>
          )}
          fields={FIELDS}
          base={`/account/${msisdn}/orders`}
          page={page}
        />
      )}
    </Page>
  );
}
