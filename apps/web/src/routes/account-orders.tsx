import { Anchor, Box, Table, Text } from '@mantine/core';
import { ApiError } from '@perenos/api-client';
import { formatMsisdn } from '@perenos/phone';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Msisdn } from '../components/msisdn';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import {
  AccountPager,
  getAccountOrdersQueryOptions,
  isMsisdn,
  MsisdnHeader,
  OperatorName,
  parsePage,
  RecordCards,
  StatusBadge,
} from '../features/account';
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

export default function AccountOrdersPage() {
  const params = useParams();
  const page = parsePage(params.page);
  const msisdn = params.msisdn;
  const valid = isMsisdn(msisdn) && page !== undefined;
  const { data, isPending, error } = useQuery({
    ...getAccountOrdersQueryOptions(valid ? msisdn : '', page ?? 1),
    enabled: valid,
  });
  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  const orders = data?.orders;
  return (
    <Page
      title={`Заявки на перенос ${formatMsisdn(msisdn)}`}
      description="Заявки на перенос номера и их статусы."
      heading={<Msisdn value={msisdn} />}
    >
      <MsisdnHeader msisdn={msisdn} info={data?.msisdnInfo} tab="orders" />
      <QueryState isPending={isPending} error={error} />
      {orders && orders.data.length === 0 && (
        <Text c="dimmed">
          {orders.totalRows > 0 ? 'На этой странице заявок нет.' : 'Заявок на перенос этого номера пока нет.'}
        </Text>
      )}
      {orders && orders.data.length > 0 && (
        <RecordCards
          label="Заявки"
          records={orders.data.map((o) => ({
            key: o.id,
            title: <OrderLink order={o} label={`Заявка № ${o.id}`} />,
            badge: <StatusBadge status={o.status} />,
            fields: [
              { label: 'Подана', value: <span className="nowrap">{formatDate(o.createdAt)}</span> },
              { label: 'Откуда', value: <OperatorName operator={o.fromOperator} /> },
              { label: 'Куда', value: <OperatorName operator={o.toOperator} /> },
              {
                label: 'Дата переноса',
                value: <span className="nowrap">{o.portationDate ? formatDate(o.portationDate) : '—'}</span>,
              },
              { label: 'Обновлена', value: <span className="nowrap">{formatDateTime(o.lastUpdate)}</span> },
            ],
          }))}
        />
      )}
      {orders && orders.data.length > 0 && (
        <Box visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Заявка</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th>Откуда</Table.Th>
                <Table.Th>Куда</Table.Th>
                <Table.Th>Дата переноса</Table.Th>
                <Table.Th>Обновлена</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Text size="sm" component="div">
                      <OrderLink order={o} label={`№ ${o.id}`} />
                    </Text>
                    <Text size="xs" c="dimmed">
                      от {formatDate(o.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={o.status} />
                  </Table.Td>
                  <Table.Td>
                    <OperatorName operator={o.fromOperator} />
                  </Table.Td>
                  <Table.Td>
                    <OperatorName operator={o.toOperator} />
                  </Table.Td>
                  <Table.Td className="nowrap">{o.portationDate ? formatDate(o.portationDate) : '—'}</Table.Td>
                  <Table.Td className="nowrap">{formatDateTime(o.lastUpdate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {orders && <AccountPager base={`/account/${msisdn}/orders`} page={page} totalRows={orders.totalRows} />}
    </Page>
  );
}
