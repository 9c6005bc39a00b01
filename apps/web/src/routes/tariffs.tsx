import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Drawer,
  Grid,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import { useRegions } from '../features/regions';
import {
  browserTimeZone,
  CalculatorPanel,
  CompareTable,
  FilterPanel,
  formatCount,
  getTariffFiltersQueryOptions,
  getTariffListQueryOptions,
  likelyRegion,
  MAX_COMPARE,
  parseCompare,
  parseFilterState,
  parseUsage,
  RegionPicker,
  rememberedRegion,
  rememberRegion,
  type SortField,
  TARIFFS_PAGE_SIZE,
  TariffCard,
  TariffDetailModal,
  type TariffFilterState,
  writeFilterState,
  writeUsage,
} from '../features/tariffs';
import { plural } from '../lib/format';

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
  const navigate = useNavigate();
  const { data: regions } = useRegions();
  const likelySlug = regions
    ? likelyRegion(
        regions.map((r) => r.slug),
        rememberedRegion(),
        browserTimeZone(),
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
              <Button component={Link} to={`/tariffs/${likely.slug}`} size="md">
                Показать тарифы: {likely.shortName}
              </Button>
              <Button component={Link} to={`/tariffs/${likely.slug}?view=calc`} variant="default" size="md">
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

export default function TariffsPage() {
  const { region: slug } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: regions, isPending, error } = useRegions();
  const region = slug ? regions?.find((r) => r.slug === slug) : undefined;
  const remembered = slug ? null : rememberedRegion();
  const goRemembered = !slug && remembered !== null && (regions?.some((r) => r.slug === remembered) ?? false);

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
  return <RegionTariffs key={region.slug} region={region} params={params} setParams={setParams} />;
}

interface RegionTariffsProps {
  region: { code: number; slug: string; name: string; shortName: string };
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
}

function RegionTariffs({ region, params, setParams }: RegionTariffsProps) {
  const navigate = useNavigate();
  const state = parseFilterState(params);
  const compare = parseCompare(params);
  const view = params.get('view') === 'calc' ? 'calc' : 'list';
  const rawId = Number(params.get('tariff'));
  const openId = Number.isInteger(rawId) && rawId > 0 && rawId < 2_147_483_647 ? rawId : undefined;
  const usage = parseUsage(params);

  const list = useQuery({ ...getTariffListQueryOptions(region.slug, state), enabled: view === 'list' });
  const filters = useQuery(getTariffFiltersQueryOptions(region.slug, state.kind));

  const change = (mutate: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    mutate(next);
    setParams(next);
  };
  const setFilters = (patch: Partial<TariffFilterState>) =>
    setParams(writeFilterState({ ...state, page: 1, ...patch }, params));
  const setCompare = (ids: number[]) =>
    change((p) => {
      if (ids.length > 0) p.set('compare', ids.join(','));
      else p.delete('compare');
    });
  const toggleCompare = (id: number) => {
    if (compare.includes(id)) return setCompare(compare.filter((x) => x !== id));
    if (compare.length >= MAX_COMPARE) {
      notifications.show({ color: 'yellow', message: `Сравнить можно не больше ${MAX_COMPARE} тарифов.` });
      return;
    }
    setCompare([...compare, id]);
  };
  const open = (id: number | undefined) =>
    change((p) => {
      if (id === undefined) p.delete('tariff');
      else p.set('tariff', String(id));
    });

  const data = list.data;
  // On a phone the filters would push the results two screens down: they open in a drawer instead.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [filtersOpen, filtersDrawer] = useDisclosure(false);
  const resetFilters = () => setParams(writeFilterState(parseFilterState(new URLSearchParams()), params));
  const filterPanel = (
    <FilterPanel state={state} filters={filters.data ?? undefined} onChange={setFilters} onReset={resetFilters} />
  );
  const totalPages = data ? Math.max(1, Math.ceil(data.totalRows / TARIFFS_PAGE_SIZE)) : 1;

  return (
    <Page
      title={`Тарифы: ${region.shortName}`}
      description={`Тарифы мобильных операторов, регион ${region.name}: фильтры, сравнение и калькулятор стоимости.`}
      heading={`Тарифы — ${region.name}`}
      lead="Подберите тариф по цене, минутам, SMS и интернету, сравните и посчитайте, сколько вы заплатите."
      size="xl"
    >
      <Group justify="space-between" align="flex-end">
        <RegionPicker
          value={region.slug}
          onChange={(next) => {
            const p = new URLSearchParams(params);
            for (const key of ['op', 'page', 'tariff']) p.delete(key);
            const qs = p.toString();
            navigate(`/tariffs/${next}${qs ? `?${qs}` : ''}`);
          }}
        />
        <Tabs
          value={view}
          onChange={(v) =>
            change((p) => {
              if (v === 'calc') p.set('view', 'calc');
              else p.delete('view');
            })
          }
        >
          <Tabs.List>
            <Tabs.Tab value="list">Подбор тарифа</Tabs.Tab>
            <Tabs.Tab value="calc">Калькулятор</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </Group>

      {compare.length > 0 && (
        <CompareTable
          ids={compare}
          regionCode={region.code}
          onRemove={(id) => setCompare(compare.filter((x) => x !== id))}
          onClear={() => setCompare([])}
        />
      )}

      {view === 'calc' ? (
        <CalculatorPanel
          regionCode={region.code}
          usage={usage}
          onUsageChange={(u) =>
            change((p) => {
              writeUsage(p, u);
            })
          }
          onOpen={open}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            {wide ? (
              filterPanel
            ) : (
              <Button variant="default" fullWidth size="md" onClick={filtersDrawer.open}>
                Фильтры
              </Button>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
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
                    onChange={(v) => setFilters({ sort: (v as SortField | null) ?? 'price' })}
                    allowDeselect={false}
                    w={170}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <SegmentedControl
                    value={state.desc ? 'desc' : 'asc'}
                    onChange={(v) => setFilters({ desc: v === 'desc' })}
                    data={[
                      { value: 'asc', label: 'по возрастанию' },
                      { value: 'desc', label: 'по убыванию' },
                    ]}
                    aria-label="Направление сортировки"
                  />
                </Group>
              </Group>
              <QueryState isPending={list.isPending} error={list.error} />
              {data && data.totalRows === 0 && (
                <Alert color="gray" title="Ничего не нашлось">
                  Ослабьте фильтры или{' '}
                  <Anchor
                    component="button"
                    onClick={() => setParams(writeFilterState(parseFilterState(new URLSearchParams()), params))}
                  >
                    сбросьте их
                  </Anchor>
                  .
                </Alert>
              )}
              {data && data.totalRows > 0 && data.data.length === 0 && (
                <Alert color="gray" title="На этой странице тарифов нет">
                  <Anchor component="button" onClick={() => setFilters({ page: 1 })}>
                    К первой странице
                  </Anchor>
                </Alert>
              )}
              {data?.data.map((t) => (
                <TariffCard
                  key={t.id}
                  tariff={t}
                  compared={compare.includes(t.id)}
                  compareDisabled={compare.length >= MAX_COMPARE}
                  onToggleCompare={() => toggleCompare(t.id)}
                  onOpen={() => open(t.id)}
                />
              ))}
              {data && totalPages > 1 && (
                <Center>
                  <Pagination
                    total={totalPages}
                    value={Math.min(state.page, totalPages)}
                    onChange={(page) => setParams(writeFilterState({ ...state, page }, params))}
                    getControlProps={(control) => ({
                      'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
                    })}
                  />
                </Center>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}

      <Drawer
        opened={filtersOpen && !wide}
        onClose={filtersDrawer.close}
        title="Фильтры"
        position="bottom"
        size="90%"
        closeButtonProps={{ 'aria-label': 'Закрыть фильтры' }}
      >
        <Stack gap="md">
          {filterPanel}
          <Button
            fullWidth
            size="md"
            onClick={filtersDrawer.close}
            loading={list.isFetching}
            style={{ position: 'sticky', bottom: 0 }}
          >
            {data ? `Показать ${plural(data.totalRows, ['тариф', 'тарифа', 'тарифов'])}` : 'Показать тарифы'}
          </Button>
        </Stack>
      </Drawer>

      <TariffDetailModal
        id={openId}
        regionCode={region.code}
        compared={openId !== undefined && compare.includes(openId)}
        compareDisabled={compare.length >= MAX_COMPARE}
        onToggleCompare={toggleCompare}
        onClose={() => open(undefined)}
      />
    </Page>
  );
}
