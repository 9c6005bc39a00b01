import { Alert, Center, Grid, Pagination, Tabs } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { Anchor, Stack } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { TARIFFS_PAGE_SIZE, type Tariff } from '../api';
import { MAX_COMPARE } from '../filter-state';
import type { TariffUrlState } from '../url-state';
import { CompareTable } from './compare-table';
import { TariffCard } from './tariff-card';
import { TariffDetailModal } from './tariff-detail-modal';

// The parts a region's tariff browser is made of, each driven by the address (url-state.ts): the
// tariffs page and the porting wizard's step 2 compose them with texts and actions of their own.

/** «Подбор тарифа» and «Калькулятор»: the browser's two views. */
export function TariffViewTabs({ url }: { url: TariffUrlState }) {
  return (
    <Tabs value={url.view} onChange={(v) => url.setView(v === 'calc' ? 'calc' : 'list')}>
      <Tabs.List>
        <Tabs.Tab value="list">Подбор тарифа</Tabs.Tab>
        <Tabs.Tab value="calc">Калькулятор</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/** The compared tariffs side by side, while any are chosen. */
export function ComparedTariffs({ url, regionCode }: { url: TariffUrlState; regionCode: number }) {
  if (url.compare.length === 0) return null;
  return (
    <CompareTable
      ids={url.compare}
      regionCode={regionCode}
      onRemove={(id) => url.setCompare(url.compare.filter((x) => x !== id))}
      onClear={() => url.setCompare([])}
    />
  );
}

/** The tariff opened from a card or the calculator, in a modal. */
export function OpenTariffModal({ url, regionCode }: { url: TariffUrlState; regionCode: number }) {
  return (
    <TariffDetailModal
      id={url.openId}
      regionCode={regionCode}
      compared={url.openId !== undefined && url.compare.includes(url.openId)}
      compareDisabled={url.compare.length >= MAX_COMPARE}
      onToggleCompare={url.toggleCompare}
      onClose={() => url.open(undefined)}
    />
  );
}

interface TariffListProps {
  url: TariffUrlState;
  /** The filter column (a panel, or a button opening it on a phone). */
  filters: ReactNode;
  /** Above the results: their count, and sorting where the page offers it. */
  header: ReactNode;
  page: { data: Tariff[]; totalRows: number } | null | undefined;
  isPending: boolean;
  error: Error | null;
  /** A note of the page's own under the loading state. */
  notice?: ReactNode;
  /** Whether a page past the last says so and offers the first. */
  withFirstPageLink?: boolean;
  /** The page's own additions to a card (the wizard's savings and «Выбрать»). */
  cardProps?: (tariff: Tariff) => Partial<ComponentProps<typeof TariffCard>>;
}

/** Filters beside a page of tariff cards, with the empty-result notes and the pager. */
export function TariffList({
  url,
  filters,
  header,
  page: data,
  isPending,
  error,
  notice,
  withFirstPageLink,
  cardProps,
}: TariffListProps) {
  const totalPages = data ? Math.max(1, Math.ceil(data.totalRows / TARIFFS_PAGE_SIZE)) : 1;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>{filters}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {header}
          <QueryState isPending={isPending} error={error} />
          {notice}
          {data && data.totalRows === 0 && (
            <Alert color="gray" title="Ничего не нашлось">
              Ослабьте фильтры или{' '}
              <Anchor component="button" onClick={url.resetFilters}>
                сбросьте их
              </Anchor>
              .
            </Alert>
          )}
          {withFirstPageLink && data && data.totalRows > 0 && data.data.length === 0 && (
            <Alert color="gray" title="На этой странице тарифов нет">
              <Anchor component="button" onClick={() => url.setFilters({ page: 1 })}>
                К первой странице
              </Anchor>
            </Alert>
          )}
          {data?.data.map((t) => (
            <TariffCard
              key={t.id}
              tariff={t}
              compared={url.compare.includes(t.id)}
              compareDisabled={url.compare.length >= MAX_COMPARE}
              onToggleCompare={() => url.toggleCompare(t.id)}
              onOpen={() => url.open(t.id)}
              {...cardProps?.(t)}
            />
          ))}
          {data && totalPages > 1 && (
            <Center>
              <Pagination
                total={totalPages}
                value={Math.min(url.state.page, totalPages)}
                onChange={url.setPage}
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
                })}
              />
            </Center>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
