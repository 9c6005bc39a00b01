import { Center, Pagination } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Badge, Card, SimpleGrid, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import { getOperatorListQueryOptions, OPERATORS_PAGE_SIZE, OperatorLogo } from '../features/operators';
import NotFoundPage from './not-found';
import classes from './operators.module.css';

function parsePage(raw: string | undefined): number | undefined {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}

export const loader: PageLoader = async ({ params, queryClient }) => {
  const page = parsePage(params.page);
  if (page !== undefined) await queryClient.prefetchQuery(getOperatorListQueryOptions(page));
};

export default function OperatorsPage() {
  const params = useParams();
  const [, navigate] = useLocation();
  const page = parsePage(params.page);
  const { data, isPending, error } = useQuery({
    ...getOperatorListQueryOptions(page ?? 1),
    enabled: page !== undefined,
  });
  if (page === undefined) return <NotFoundPage />;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalRows / OPERATORS_PAGE_SIZE)) : 1;
  return (
    <Page
      title="Операторы мобильной связи"
      description="Мобильные операторы России: сети и виртуальные операторы, юридические лица, регионы работы."
      lead="Операторы с собственной сетью и виртуальные операторы, к которым можно перенести номер."
    >
      <QueryState isPending={isPending} error={error} />
      {data && data.data.length === 0 && <Text c="dimmed">На этой странице операторов нет.</Text>}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {data.data.map((op) => (
            <Card key={op.id} withBorder padding="lg" component={Link} to={`/operator/${op.slug}`}>
              <div className={classes.row}>
                <OperatorLogo src={op.logo} name={op.name} size={48} />
                <div className={classes.about}>
                  <div className={classes.heading}>
                    <span className={classes.name}>{op.name}</span>
                    <Badge variant="light" color={op.kind === 'MNO' ? 'green' : 'gray'}>
                      {op.kind === 'MNO' ? 'своя сеть' : 'виртуальный'}
                    </Badge>
                  </div>
                  <p className={classes.description}>{op.description}</p>
                  <p>Регионов: {op.regionCount}</p>
                </div>
              </div>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {data && totalPages > 1 && (
        <Center>
          <Pagination
            total={totalPages}
            value={page}
            onChange={(p) => navigate(p === 1 ? '/operators' : `/operators/${p}`)}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
            })}
          />
        </Center>
      )}
    </Page>
  );
}
