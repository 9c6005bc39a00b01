import { Anchor, Table, Text } from '@mantine/core';
import { ApiError } from '@perenos/api-client';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import { getAccountOrdersQueryOptions, isMsisdn, parsePage } from '../features/account/api';
import { AccountPager } from '../features/account/components/account-pager';
import { MsisdnHeader } from '../features/account/components/msisdn-header';
import { OperatorName } from '../features/account/components/operator-name';
import { StatusBadge } from '../features/account/components/status-badge';
import { formatDate, formatDateTime, formatMsisdn } from '../lib/format';
import NotFoundPage from './not-found';

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
      heading={formatMsisdn(msisdn)}
    >
      <MsisdnHeader msisdn={msisdn} info={data?.msisdnInfo} tab="orders" />
      <QueryState isPending={isPending} error={error} />
      {orders && orders.data.length === 0 && (
        <Text c="dimmed">
          {orders.totalRows > 0 ? 'На этой странице заявок нет.' : 'Заявок на перенос этого номера пока нет.'}
        </Text>
      )}
      {orders && orders.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
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
                    {o.status === 'Initialized' || o.status === 'PendingBDPN' || o.status === 'Done' ? (
                      <Anchor
                        component={Link}
                        size="sm"
                        to={o.status === 'Initialized' ? `/portation/${o.id}/tariffs` : `/portation/${o.id}/done`}
                      >
                        № {o.id}
                        {o.status === 'Initialized' ? ' — продолжить' : ''}
                      </Anchor>
                    ) : (
                      <Text size="sm">№ {o.id}</Text>
                    )}
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
                  <Table.Td>{o.portationDate ? formatDate(o.portationDate) : '—'}</Table.Td>
                  <Table.Td>{formatDateTime(o.lastUpdate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {orders && <AccountPager base={`/account/${msisdn}/orders`} page={page} totalRows={orders.totalRows} />}
    </Page>
  );
}
