import { Center, Pagination } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Card, Stack, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import { getNewsListQueryOptions, NEWS_PAGE_SIZE } from '../features/news';
import { formatDate } from '../lib/format';
import classes from './news.module.css';
import NotFoundPage from './not-found';

/** A page number of the address: 1 when there is none, undefined when it is not one (not found). */
function parsePage(raw: string | undefined): number | undefined {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}

export const loader: PageLoader = async ({ params, queryClient }) => {
  const page = parsePage(params.page);
  if (page !== undefined) await queryClient.prefetchQuery(getNewsListQueryOptions(page));
};

export default function NewsPage() {
  const params = useParams();
  const [, navigate] = useLocation();
  const page = parsePage(params.page);
  const { data, isPending, error } = useQuery({ ...getNewsListQueryOptions(page ?? 1), enabled: page !== undefined });
  if (page === undefined) return <NotFoundPage />;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalRows / NEWS_PAGE_SIZE)) : 1;
  return (
    <Page
      title="Новости"
      description="Новости и разъяснения о переносе номеров и мобильной связи в России."
      lead="Разъяснения о переносе номера, тарифах и работе сайта."
      size="md"
    >
      <QueryState isPending={isPending} error={error} />
      {data && data.data.length === 0 && <Text c="dimmed">На этой странице новостей нет.</Text>}
      <Stack gap="md">
        {data?.data.map((item) => (
          <Card key={item.id} withBorder padding="lg" className={classes.card}>
            <p className={classes.date}>{formatDate(item.publishedAt)}</p>
            <Link to={`/story/${item.slug}`} className={`mantine-focus-auto ${classes.title}`}>
              {item.title}
            </Link>
            <p className={classes.summary}>{item.summary}</p>
          </Card>
        ))}
      </Stack>
      {data && totalPages > 1 && (
        <Center>
          <Pagination
            total={totalPages}
            value={page}
            onChange={(p) => navigate(p === 1 ? '/news' : `/news/${p}`)}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
            })}
          />
        </Center>
      )}
    </Page>
  );
}
