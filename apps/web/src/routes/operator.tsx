import { Button, List } from '@mantine/core';
import { ApiError } from '@perenos/api-client';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { QueryState } from '../components/query-state';
import { getOperatorQueryOptions, getOperatorTileQueryOptions, OperatorLogo } from '../features/operators';
import { getRegionsQueryOptions, useRegions } from '../features/regions';
import { formatFromPrice } from '../features/tariffs';
import NotFoundPage from './not-found';

/** The operator, then its tariffs' tile (asked by its id), beside the regions' names. */
export const loader: PageLoader = ({ params, queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(getRegionsQueryOptions()),
    queryClient
      .fetchQuery(getOperatorQueryOptions(params.slug ?? ''))
      .then((op) => op && queryClient.prefetchQuery(getOperatorTileQueryOptions(op.id))),
  ]);

export default function OperatorPage() {
  const { slug = '' } = useParams();
  const { data: op, isPending, error } = useQuery({ ...getOperatorQueryOptions(slug), retry: false });
  const { data: regions } = useRegions();
  const { data: tile } = useQuery({ ...getOperatorTileQueryOptions(op?.id ?? 0), enabled: op !== undefined });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  const regionNames = new Map(regions?.map((r) => [r.code, r.name]));
  return (
    <Page
      title={op?.name ?? 'Оператор'}
      card={op ? { type: 'website' } : undefined}
      description={op ? `${op.name}: юридические лица, регионы работы, сайт оператора.` : 'Оператор мобильной связи'}
      heading={
        op ? (
          <Group gap="md">
            <OperatorLogo src={op.logo} name={op.name} size={56} />
            <span>{op.name}</span>
            <Badge variant="light" color={op.kind === 'MNO' ? 'green' : 'gray'}>
              {op.kind === 'MNO' ? 'своя сеть' : 'виртуальный оператор'}
            </Badge>
          </Group>
        ) : (
          'Оператор'
        )
      }
    >
      <QueryState isPending={isPending} error={error} />
      {op && (
        <Stack gap="lg">
          <Text size="lg">{op.description}</Text>
          {tile && tile.tariffCount > 0 && (
            <Text>
              Тарифов в каталоге: {tile.tariffCount}
              {tile.minPrice !== null && <>, {formatFromPrice(tile.minPrice)}</>}.{' '}
              <Anchor component={Link} to="/tariffs">
                Подобрать тариф
              </Anchor>
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Реквизиты
              </Title>
              <Stack gap={4}>
                {op.inn && <Text>ИНН: {op.inn}</Text>}
                {op.site && (
                  <Text>
                    Сайт:{' '}
                    <Anchor href={op.site} target="_blank" rel="noopener noreferrer">
                      {op.site.replace(/^https?:\/\//, '')}
                    </Anchor>
                  </Text>
                )}
                <Text>В реестре нумерации:</Text>
                <List size="sm">
                  {op.legalNames.map((n) => (
                    <List.Item key={n}>{n}</List.Item>
                  ))}
                </List>
              </Stack>
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Регионы ({op.regionCodes.length})
              </Title>
              {op.regionCodes.length === 0 ? (
                <Text c="dimmed">Нет данных о регионах.</Text>
              ) : (
                <Text size="sm">{op.regionCodes.map((c) => regionNames.get(c) ?? c).join(', ')}</Text>
              )}
            </Card>
          </SimpleGrid>
          <Group>
            <Button component={Link} to={`/portation/init?op=${encodeURIComponent(slug)}`}>
              Перенести номер к оператору
            </Button>
            <Button component={Link} to="/operators" variant="light">
              Все операторы
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
