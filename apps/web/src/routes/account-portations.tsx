import { ApiError } from '@perenos/api-client';
import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Msisdn } from '../components/msisdn';
import { Page } from '../components/page';
import { Anchor } from '../components/plain';
import { QueryState } from '../components/query-state';
import {
  type AccountPortation,
  AccountRecords,
  getAccountPortationsQueryOptions,
  MsisdnHeader,
  type RecordField,
  readListAddress,
} from '../features/account';
import { OperatorName } from '../features/operators';
import { portationTitle } from '../features/porting';
import { formatDate } from '../lib/format';
import NotFoundPage from './not-found';

const FIELDS: RecordField<AccountPortation>[] = [
  { label: 'Откуда', value: (p) => <OperatorName operator={p.fromOperator} /> },
  { label: 'Куда', value: (p) => <OperatorName operator={p.toOperator} /> },
  { label: 'Начат', value: (p) => formatDate(p.startedAt), nowrap: true },
  { label: 'Дата переноса', value: (p) => (p.portationDate ? formatDayInWords(p.portationDate) : '—'), nowrap: true },
];

export const loader: PageLoader = async ({ params, queryClient }) => {
  const address = readListAddress(params);
  if (address) await queryClient.prefetchQuery(getAccountPortationsQueryOptions(address.msisdn, address.page));
};

export default function AccountPortationsPage() {
  const address = readListAddress(useParams());
  const { data, isPending, error } = useQuery({
    ...getAccountPortationsQueryOptions(address?.msisdn ?? '', address?.page ?? 1),
    enabled: address !== undefined,
  });
  if (!address || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  const { msisdn, page } = address;
  const portations = data?.portations;
  return (
    <Page
      title={`Переносы номера ${formatMsisdn(msisdn)}`}
      description="История переносов номера между операторами."
      heading={<Msisdn value={msisdn} />}
    >
      <MsisdnHeader msisdn={msisdn} info={data?.msisdnInfo} tab="portations" />
      <QueryState isPending={isPending} error={error} />
      {portations && (
        <AccountRecords
          label="Переносы"
          idLabel="Перенос"
          records={portations.data}
          totalRows={portations.totalRows}
          empty={{ page: 'На этой странице переносов нет.', none: 'Этот номер ещё не переносили.' }}
          title={(p) => (
            <Anchor component={Link} to={`/account/${msisdn}/portation/${p.id}`}>
              {portationTitle(p, p.portationDate)}
            </Anchor>
          )}
          idCell={(p) => (
            <Anchor component={Link} to={`/account/${msisdn}/portation/${p.id}`} size="sm">
              {/* The application's number, as everywhere: the portation's own id stays in the address only. */}
              {p.orderId !== null ? `по заявлению № ${p.orderId}` : 'оформлен не на сайте'}
            </Anchor>
          )}
          fields={FIELDS}
          base={`/account/${msisdn}/portations`}
          page={page}
        />
      )}
    </Page>
  );
}
