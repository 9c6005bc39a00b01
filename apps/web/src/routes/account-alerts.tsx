import { Breadcrumbs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Anchor, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import { AccountPager, parsePage } from '../features/account';
import { AlertList, getAlertsQueryOptions } from '../features/watch';
import NotFoundPage from './not-found';

export const loader: PageLoader = async ({ params, queryClient }) => {
  const page = parsePage(params.page);
  if (page !== undefined) await queryClient.prefetchQuery(getAlertsQueryOptions(page));
};

/** The person's alerts about attempts to port their numbers, newest first, 10 a page. */
export default function AccountAlertsPage() {
  const page = parsePage(useParams<{ page?: string }>().page);
  const { data, isPending, error } = useQuery({ ...getAlertsQueryOptions(page ?? 1), enabled: page !== undefined });
  if (page === undefined) return <NotFoundPage />;
  return (
    <Page
      title="Оповещения"
      description="Оповещения о попытках перенести ваши номера к другому оператору."
      lead="О каждой попытке перенести ваш номер через этот сайт и о переносе по данным БДПН — для номеров, у которых включено «Сообщать о попытках перенести номер»."
    >
      <Breadcrumbs>
        <Anchor component={Link} to="/account">
          Личный кабинет
        </Anchor>
        <Text>Оповещения</Text>
      </Breadcrumbs>
      <QueryState isPending={isPending} error={error} />
      {data && (
        <>
          <AlertList
            alerts={data.data}
            headingOrder={2}
            empty={
              data.totalRows > 0
                ? 'На этой странице оповещений нет.'
                : 'Оповещений пока нет. Включите «Сообщать о попытках перенести номер» у номера в личном кабинете.'
            }
          />
          <AccountPager base="/account/alerts" page={page} totalRows={data.totalRows} />
        </>
      )}
    </Page>
  );
}
