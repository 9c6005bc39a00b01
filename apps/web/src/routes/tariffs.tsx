import { Alert, Button, SegmentedControl, Select, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { QueryState } from '../components/query-state';
import { getRegionQueryOptions, getRegionsQueryOptions, useRegions } from '../features/regions';
import { getConvergenceServicesQueryOptions, getMediaServicesQueryOptions } from '../features/settings';
import {
  browserTimeZone,
  CalculatorPanel,
  ComparedTariffs,
  FilterColumn,
  FilterPanel,
  formatCount,
  getAllRegionTariffsQueryOptions,
  getTariffFiltersQueryOptions,
  getTariffListQueryOptions,
  getTariffQueryOptions,
  likelyRegion,
  OpenTariffModal,
  parseCompare,
  parseFilterState,
  parseOpenTariff,
  RegionPicker,
  rememberedRegion,
  rememberRegion,
  type SortField,
  TariffList,
  TariffViewTabs,
  useTariffUrlState,
} from '../features/tariffs';

const SORT_LABELS: { value: SortField; label: string }[] = [
  { value: 'price', label: 'по цене' },
  { value: 'minutes', label: 'по минутам' },
  { value: 'sms', label: 'по SMS' },
  { value: 'traffic', label: 'по интернету' },
  { value: 'name', label: 'по названию' },
];

const POPULAR = [
  'moskva',
  'sankt-peterburg',
  'moskovskaya-oblast',
  'novosibirskaya-oblast',
  'sverdlovskaya-oblast',
  'tatarstan',
];

/** /tariffs without a region: the likely region offered first, then any other, and where to go next. */
function ChooseRegion({ notFound }: { notFound?: boolean }) {
  const [, navigate] = useLocation();
  const { data: regions } = useRegions();
  // This device's remembered region and time zone are read after the first render, which must match
  // the server's (it knows neither): Moscow is offered until then.
  const [device, setDevice] = useState<{ remembered: string | null; timeZone: string | undefined }>();
  useEffect(() => setDevice({ remembered: rememberedRegion(), timeZone: browserTimeZone() }), []);
  const likelySlug = regions
    ? likelyRegion(
        regions.map((r) => r.slug),
        device?.remembered ?? null,
        device?.timeZone,
      )
    : null;
  const likely = regions?.find((r) => r.slug === likelySlug);
  return (
    <Page
      title="Тарифы операторов"
      description="Тарифы мобильных операторов в вашем регионе: поиск, фильтры, сравнение и расчёт стоимости."
      lead="Цены и тарифы у операторов в каждом регионе свои: покажем тарифы вашего."
    >
      {notFound && (
        <Alert color="yellow" title="Регион не найден">
          Такого региона нет в списке. Выберите регион ниже.
        </Alert>
      )}
      {likely && (
        <Card withBorder padding="lg" bg="var(--mantine-primary-color-light)">
          <Stack gap="sm">
            <Text size="lg" fw={600}>
              Ваш регион — {likely.name}?
            </Text>
            <Group gap="sm">
              <Button component={Link} to={`/tariffs/${likely.slug}`} size="md" {...WRAPPING}>
                Показать тарифы: {likely.shortName}
              </Button>
              <Button
                component={Link}
                to={`/tariffs/${likely.slug}?view=calc`}
                variant="default"
                size="md"
                {...WRAPPING}
              >
                Посчитать, сколько я заплачу
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <Stack gap="sm">
        <RegionPicker value={undefined} onChange={(slug) => navigate(`/tariffs/${slug}`)} />
        <Group gap="sm">
          {POPULAR.map((slug) => {
            const r = regions?.find((x) => x.slug === slug);
            return r ? (
              <Button key={slug} variant="light" component={Link} to={`/tariffs/${slug}`}>
                {r.shortName}
              </Button>
            ) : null;
          })}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {NEXT_STEPS.map((step) => (
          <Card key={step.to} withBorder padding="lg">
            <Stack gap="xs" h="100%">
              <Title order={2} size="h4">
                {step.title}
              </Title>
              <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                {step.text}
              </Text>
              <Anchor component={Link} to={step.to} fw={600}>
                {step.link}
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}

const NEXT_STEPS = [
  {
    title: 'Как выбрать тариф',
    text: 'Отфильтруйте по цене, минутам, SMS и интернету, отметьте до четырёх тарифов и сравните их рядом.',
    to: '/faq',
    link: 'Вопросы и ответы',
  },
  {
    title: 'Чей это номер',
    text: 'Узнайте оператора и регион любого мобильного номера — с учётом переноса.',
    to: '/check',
    link: 'Проверить номер',
  },
  {
    title: 'Сменить оператора с номером',
    text: 'Номер остаётся с вами: заявление — онлайн, перенос — в выбранный вами день, не раньше чем через 8 дней.',
    to: '/portation',
    link: 'Перенести номер',
  },
];

// On a phone a long label wraps onto a second line instead of being cut off («Посчитать, сколько я заплач»).
const WRAPPING = {
  h: 'auto',
  mih: 42,
  py: 6,
  styles: { label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } },
} as const;

/**
 * The region the address names (or, without one, every region to choose from), then that region's list as
 * the address filters it (or the calculator's whole list), its filters' ranges and the compared tariffs;
 * with a tariff's card open or tariffs compared, the services' names they show. The picker's list of all
 * regions is not part of a region's page: the visit loads it once, after the page starts (decision 121).
 */
export const loader: PageLoader = async ({ params, search, queryClient }) => {
  const services =
    parseOpenTariff(search) !== undefined || parseCompare(search).length > 0
      ? [
          queryClient.prefetchQuery(getMediaServicesQueryOptions()),
          queryClient.prefetchQuery(getConvergenceServicesQueryOptions()),
        ]
      : [];
  if (!params.region) return Promise.all([...services, queryClient.prefetchQuery(getRegionsQueryOptions())]);
  const region = await queryClient.fetchQuery(getRegionQueryOptions(params.region)).catch(() => undefined);
  if (!region) return Promise.all([...services, queryClient.prefetchQuery(getRegionsQueryOptions())]);
  const state = parseFilterState(search);
  return Promise.all([
    ...services,
    queryClient.prefetchQuery(getTariffFiltersQueryOptions(region.slug, state.kind)),
    search.get('view') === 'calc'
      ? queryClient.prefetchQuery(getAllRegionTariffsQueryOptions(region.code))
      : queryClient.prefetchQuery(getTariffListQueryOptions(region.slug, state)),
    ...[...new Set([...parseCompare(search), parseOpenTariff(search) ?? []].flat())].map((id) =>
      queryClient.prefetchQuery(getTariffQueryOptions(id)),
    ),
  ]);
};

export default function TariffsPage() {
  const { region: slug } = useParams();
  const [, navigate] = useLocation();
  const regions = useQuery({ ...getRegionsQueryOptions(), enabled: !slug });
  const named = useQuery({ ...getRegionQueryOptions(slug ?? ''), enabled: !!slug });
  const { data: region, isPending, error } = named;
  // Read after the first render: the server cannot see this device's storage, and the first render
  // must match what it drew.
  const [stored, setStored] = useState<string | null>(null);
  useEffect(() => setStored(rememberedRegion()), []);
  const remembered = slug ? null : stored;
  const goRemembered = !slug && remembered !== null && (regions.data?.some((r) => r.slug === remembered) ?? false);

  useEffect(() => {
    if (goRemembered) navigate(`/tariffs/${remembered}${window.location.search}`, { replace: true });
  }, [goRemembered, remembered, navigate]);
  useEffect(() => {
    if (region) rememberRegion(region.slug);
  }, [region]);

  if (!slug) return goRemembered ? null : <ChooseRegion />;
  if (isPending || error) {
    return (
      <Page title="Тарифы" description="Тарифы мобильных операторов в регионе.">
        <QueryState isPending={isPending} error={error} />
      </Page>
    );
  }
  if (!region) return <ChooseRegion notFound />;
  return <RegionTariffs key={region.slug} region={region} />;
}

function RegionTariffs({ region }: { region: { code: number; slug: string; name: string; shortName: string } }) {
  const [, navigate] = useLocation();
  const url = useTariffUrlState();
  const { state, view } = url;

  const list = useQuery({ ...getTariffListQueryOptions(region.slug, state), enabled: view === 'list' });
  const filters = useQuery(getTariffFiltersQueryOptions(region.slug, state.kind));

  const data = list.data;

  return (
    <Page
      title={`Тарифы: ${region.shortName}`}
      description={`Тарифы мобильных операторов, регион ${region.name}: фильтры, сравнение и калькулятор стоимости.`}
      heading={`Тарифы — ${region.name}`}
      card={{ type: 'website' }}
      lead="Подберите тариф по цене, минутам, SMS и интернету, сравните и посчитайте, сколько вы заплатите."
      size="xl"
    >
      <Group justify="space-between" align="flex-end">
        <RegionPicker
          value={region}
          onChange={(next) => {
            const p = new URLSearchParams(url.params);
            for (const key of ['op', 'page', 'tariff']) p.delete(key);
            const qs = p.toString();
            navigate(`/tariffs/${next}${qs ? `?${qs}` : ''}`);
          }}
        />
        <TariffViewTabs url={url} />
      </Group>

      <ComparedTariffs url={url} regionCode={region.code} />

      {view === 'calc' ? (
        <CalculatorPanel regionCode={region.code} usage={url.usage} onUsageChange={url.setUsage} onOpen={url.open} />
      ) : (
        <TariffList
          url={url}
          filters={
            <FilterColumn
              panel={
                <FilterPanel
                  state={state}
                  filters={filters.data ?? undefined}
                  onChange={url.setFilters}
                  onReset={url.resetFilters}
                />
              }
              found={data?.totalRows}
              fetching={list.isFetching}
            />
          }
          header={
            <>
              {/* The cards' headings are h3: on narrow screens (filters in a drawer) nothing else puts an h2 above them. */}
              <VisuallyHidden component="h2">Список тарифов</VisuallyHidden>
              <Group justify="space-between" align="flex-end">
                <Text fw={500} aria-live="polite" data-testid="tariff-count">
                  {data ? `Найдено тарифов: ${formatCount(data.totalRows)}` : ' '}
                </Text>
                <Group gap="xs" align="flex-end">
                  <Select
                    label="Сортировка"
                    data={SORT_LABELS}
                    value={state.sort}
                    onChange={(v) => url.setFilters({ sort: (v as SortField | null) ?? 'price' })}
                    allowDeselect={false}
                    w={170}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <SegmentedControl
                    value={state.desc ? 'desc' : 'asc'}
                    onChange={(v) => url.setFilters({ desc: v === 'desc' })}
                    data={[
                      { value: 'asc', label: 'по возрастанию' },
                      { value: 'desc', label: 'по убыванию' },
                    ]}
                    aria-label="Направление сортировки"
                  />
                </Group>
              </Group>
            </>
          }
          page={data}
          isPending={list.isPending}
          error={list.error}
          withFirstPageLink
        />
      )}

      <OpenTariffModal url={url} regionCode={region.code} />
    </Page>
  );
}
