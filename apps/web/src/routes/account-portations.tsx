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
  getAccountPortationsQueryOptions,
  isMsisdn,
  MsisdnHeader,
  OperatorName,
  parsePage,
  RecordCards,
  StatusBadge,
} from '../features/account';
import { formatDate } from '../lib/format';
import NotFoundPage from './not-found';

export default function AccountPortationsPage() {
  const params = useParams();
  const page = parsePage(params.page);
  const msisdn = params.msisdn;
  const valid = isMsisdn(msisdn) && page !== undefined;
  const { data, isPending, error } = useQuery({
    ...getAccountPortationsQueryOptions(valid ? msisdn : '', page ?? 1),
    enabled: valid,
  });
  if (!valid || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  const portations = data?.portations;
  return (
    <Page
      title={`Переносы номера ${formatMsisdn(msisdn)}`}
      description="История переносов номера между операторами."
      heading={<Msisdn value={msisdn} />}
    >
      <MsisdnHeader msisdn={msisdn} info={data?.msisdnInfo} tab="portations" />
      <QueryState isPending={isPending} error={error} />
      {portations && portations.data.length === 0 && (
        <Text c="dimmed">
          {portations.totalRows > 0 ? 'На этой странице переносов нет.' : 'Этот номер ещё не переносили.'}
        </Text>
      )}
      {portations && portations.data.length > 0 && (
        <RecordCards
          label="Переносы"
          records={portations.data.map((p) => ({
            key: p.id,
            title: (
              <Anchor component={Link} to={`/account/${msisdn}/portation/${p.id}`}>
                Перенос № {p.id}
              </Anchor>
            ),
            badge: <StatusBadge status={p.status} />,
            fields: [
              { label: 'Откуда', value: <OperatorName operator={p.fromOperator} /> },
              { label: 'Куда', value: <OperatorName operator={p.toOperator} /> },
              { label: 'Начат', value: <span className="nowrap">{formatDate(p.startedAt)}</span> },
              {
                label: 'Дата переноса',
                value: <span className="nowrap">{p.portationAt ? formatDate(p.portationAt) : '—'}</span>,
              },
            ],
          }))}
        />
      )}
      {portations && portations.data.length > 0 && (
        <Box visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Перенос</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th>Откуда</Table.Th>
                <Table.Th>Куда</Table.Th>
                <Table.Th>Начат</Table.Th>
                <Table.Th>Дата переноса</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {portations.data.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/account/${msisdn}/portation/${p.id}`} size="sm">
                      № {p.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>
                    <OperatorName operator={p.fromOperator} />
                  </Table.Td>
                  <Table.Td>
                    <OperatorName operator={p.toOperator} />
                  </Table.Td>
                  <Table.Td className="nowrap">{formatDate(p.startedAt)}</Table.Td>
                  <Table.Td className="nowrap">{p.portationAt ? formatDate(p.portationAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {portations && (
        <AccountPager base={`/account/${msisdn}/portations`} page={page} totalRows={portations.totalRows} />
      )}
    </Page>
  );
}
