import { Alert, Button, NumberInput, Paper, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Page } from '../components/page';
import phone from '../components/phone-collapse.module.css';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { QueryState } from '../components/query-state';
import {
  initialDay,
  OrderGate,
  OrderSummary,
  type PortationOrder,
  parseOrderId,
  type Saving,
  savingLabel,
  savingOf,
  todayMonthly,
  useUpdatePortation,
  WithdrawOrder,
  WizardSteps,
} from '../features/porting';
import { useRegions } from '../features/regions';
import type { Usage } from '../features/tariffs';
import {
  CalculatorPanel,
  ComparedTariffs,
  FilterColumn,
  FilterPanel,
  formatCount,
  formatMoney,
  getAllRegionTariffsQueryOptions,
  getTariffFiltersQueryOptions,
  getTariffListQueryOptions,
  OpenTariffModal,
  type Tariff,
  type TariffFilterState,
  TariffList,
  TariffViewTabs,
  UsageFields,
  useTariffUrlState,
} from '../features/tariffs';
import { compareRussian } from '../lib/collate';

function positive(p: URLSearchParams, key: string): number | undefined {
  const n = Number(p.get(key));
  return p.has(key) && Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? n : undefined;
}

const TONE_COLOR = { save: 'green', cost: 'red', same: 'gray', unknown: 'gray' } as const;

/** «Экономия 250 ₽/мес» or «Дороже на 120 ₽/мес» under a tariff. */
function SavingBadge({ saving }: { saving: Saving }) {
  const label = savingLabel(saving);
  return (
    <Badge color={TONE_COLOR[label.tone]} variant="light" size="lg" tt="none" data-testid="saving">
      {label.text}
    </Badge>
  );
}

/** Step 2 (sign-in): tariffs of the other operators of the number's region, with savings against today. */
export default function PortationTariffsPage() {
  const id = parseOrderId(useParams().order);
  return (
    <OrderGate id={id} title="Заявление на перенос: тариф">
      {(order) => <ChooseTariff order={order} />}
    </OrderGate>
  );
}

function ChooseTariff({ order }: { order: PortationOrder }) {
  const regions = useRegions();
  const region = regions.data?.find((r) => r.code === order.regionCode);
  const frame = {
    title: 'Заявление на перенос: тариф',
    description: 'Второй шаг заявления на перенос номера: выбор нового оператора и тарифа.',
    heading: 'Шаг 2. Новый оператор и тариф',
    lead: 'Тарифы других операторов вашего региона. Укажите свой расход — покажем, сколько сэкономите в месяц.',
    size: 'xl',
  } as const;
  if (!region || order.fromOperator === null) {
    return (
      <Page {...frame}>
        <WizardSteps active={1} />
        <OrderSummary order={order} />
        {regions.isPending ? (
          <QueryState isPending error={null} />
        ) : (
          <Alert color="red" title="Регион номера неизвестен">
            Для этого номера не удалось определить регион, поэтому тарифы показать нельзя. Подайте заявление в салоне
            нового оператора.
          </Alert>
        )}
      </Page>
    );
  }
  return (
    <Page {...frame}>
      <WizardSteps active={1} />
      <OrderSummary order={order} />
      <RegionChoice order={order} region={region} donorId={order.fromOperator.operatorId} />
    </Page>
  );
}

interface RegionChoiceProps {
  order: PortationOrder;
  region: { code: number; slug: string; name: string };
  donorId: number;
}

function RegionChoice({ order, region, donorId }: RegionChoiceProps) {
  const [, navigate] = useLocation();
  // A step of the wizard: the back button leaves the step, not each filter change.
  const url = useTariffUrlState({ replace: true });
  const { params, state, view, usage } = url;
  const update = useUpdatePortation(order.id);
  const [choosing, setChoosing] = useState<number | null>(null);
  const currentId = positive(params, 'cur');
  const bill = positive(params, 'bill');

  const all = useQuery(getAllRegionTariffsQueryOptions(region.code));
  const filters = useQuery(getTariffFiltersQueryOptions(region.slug, state.kind));
  // The list shows the other operators only: the chosen ones, or all but the current one.
  const others = useMemo(
    () => filters.data && { ...filters.data, operators: filters.data.operators.filter((o) => o.id !== donorId) },
    [filters.data, donorId],
  );
  const otherSlugs = others?.operators.map((o) => o.slug) ?? [];
  const chosenOps = state.operators.filter((s) => otherSlugs.includes(s));
  const listState: TariffFilterState = { ...state, operators: chosenOps.length > 0 ? chosenOps : otherSlugs };
  const list = useQuery({
    ...getTariffListQueryOptions(region.slug, listState),
    enabled: view === 'list' && others !== undefined && otherSlugs.length > 0,
  });

  const donorTariffs = useMemo(
    () => (all.data ?? []).filter((t) => t.operatorId === donorId).sort((a, b) => compareRussian(a.name, b.name)),
    [all.data, donorId],
  );
  const current = donorTariffs.find((t) => t.id === currentId);
  const today = todayMonthly({ current, bill }, usage);

  // The choice is saved on the server at once, with a porting day step 3 may still change.
  const choose = async (t: Tariff) => {
    setChoosing(t.id);
    const range = { earliest: order.earliestPortationAt, latest: order.latestPortationAt };
    const r = await update.mutateAsync({
      operatorId: t.operatorId,
      tariffId: t.id,
      portationAt: initialDay(order.portationAt, range),
      email: order.email,
    });
    setChoosing(null);
    if (r.ok) navigate(`/portation/${order.id}/submit`);
    else notifications.show({ color: 'red', title: 'Тариф не выбран', message: r.refusal.message });
  };

  const chooseButton = (t: Tariff) =>
    order.tariffId === t.id ? (
      <Button size="sm" onClick={() => void choose(t)} loading={choosing === t.id} variant="filled" color="teal">
        Выбран — далее
      </Button>
    ) : (
      <Button
        size="sm"
        onClick={() => void choose(t)}
        loading={choosing === t.id}
        disabled={choosing !== null && choosing !== t.id}
        aria-label={`Выбрать тариф ${t.name}`}
      >
        Выбрать
      </Button>
    );
  const exclude = useCallback((t: Tariff) => t.operatorId === donorId, [donorId]);

  const data = list.data;

  return (
    <>
      {order.tariffId !== null && order.toOperator && (
        <Alert color="teal" title="Тариф выбран" data-testid="chosen-tariff">
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {order.toOperator.operatorName}, тариф «{order.tariffName}». Можно выбрать другой или перейти к заявлению.
            </Text>
            <Button component={Link} to={`/portation/${order.id}/submit`} size="sm">
              Далее: заявление
            </Button>
          </Group>
        </Alert>
      )}

      <TodayPanel
        tariffs={donorTariffs}
        operatorName={order.fromOperator?.operatorName ?? 'оператора'}
        currentId={current?.id}
        bill={bill}
        usage={usage}
        today={today}
        onCurrent={(tid) =>
          url.change((p) => {
            if (tid === undefined) p.delete('cur');
            else p.set('cur', String(tid));
          })
        }
        onBill={(v) =>
          url.change((p) => {
            if (v === undefined) p.delete('bill');
            else p.set('bill', String(v));
          })
        }
        onUsage={url.setUsage}
      />

      <TariffViewTabs url={url} />

      <ComparedTariffs url={url} regionCode={region.code} />

      {view === 'calc' ? (
        <CalculatorPanel
          regionCode={region.code}
          usage={usage}
          onUsageChange={url.setUsage}
          onOpen={url.open}
          exclude={exclude}
          withForm={false}
          extra={(t) => (
            <Group justify="space-between" mt="sm" gap="sm">
              <SavingBadge saving={savingOf(t, usage, today)} />
              {chooseButton(t)}
            </Group>
          )}
        />
      ) : (
        <TariffList
          url={url}
          filters={
            // On a phone a button opening them (the first tariff on the first screen), beside the list on wider ones.
            <FilterColumn
              panel={
                <FilterPanel
                  state={{ ...state, operators: chosenOps }}
                  filters={others ?? undefined}
                  onChange={url.setFilters}
                  onReset={url.resetFilters}
                />
              }
              found={data?.totalRows}
              fetching={list.isFetching}
            />
          }
          header={
            <Text fw={500} aria-live="polite" data-testid="tariff-count">
              {data ? `Тарифов других операторов: ${formatCount(data.totalRows)}` : ' '}
            </Text>
          }
          page={data}
          isPending={list.isPending && others !== undefined}
          error={list.error ?? filters.error}
          notice={
            others &&
            otherSlugs.length === 0 && (
              <Alert color="gray" title="Других операторов нет">
                В регионе {region.name} нет других операторов с тарифами на сайте.
              </Alert>
            )
          }
          cardProps={(t) => ({
            selected: order.tariffId === t.id,
            extra: <SavingBadge saving={savingOf(t, usage, today)} />,
            action: chooseButton(t),
          })}
        />
      )}

      <Group className={phone.last}>
        <Anchor component={Link} to="/portation/init">
          ← Другой номер
        </Anchor>
      </Group>
      <div className={phone.last}>
        <WithdrawOrder order={order} />
      </div>

      <OpenTariffModal url={url} regionCode={region.code} />
    </>
  );
}

interface TodayPanelProps {
  tariffs: Tariff[];
  operatorName: string;
  currentId: number | undefined;
  bill: number | undefined;
  usage: Usage;
  today: number | null;
  onCurrent: (id: number | undefined) => void;
  onBill: (value: number | undefined) => void;
  onUsage: (usage: Usage) => void;
}

/** What the user pays today: their current tariff or their bill, and their use a month. */
function TodayPanel({
  tariffs,
  operatorName,
  currentId,
  bill,
  usage,
  today,
  onCurrent,
  onBill,
  onUsage,
}: TodayPanelProps) {
  const { minutes, sms, traffic } = usage;
  const [draft, setDraft] = useState(usage);
  const [billDraft, setBillDraft] = useState<number | string>(bill ?? '');
  // Only a change of the URL's use (back button, a shared link) replaces what is being typed.
  useEffect(() => setDraft({ minutes, sms, traffic }), [minutes, sms, traffic]);
  useEffect(() => setBillDraft(bill ?? ''), [bill]);
  const commit = () => {
    if (draft.minutes !== usage.minutes || draft.sms !== usage.sms || draft.traffic !== usage.traffic) onUsage(draft);
  };
  const commitBill = () => {
    const v = typeof billDraft === 'number' ? billDraft : undefined;
    if (v !== bill) onBill(v);
  };
  // On a phone the calculator comes after the list, one line until asked for: the tariffs come on the first
  // screen (the «Калькулятор» tab is at the top). Open already when the person told their tariff or bill.
  const [open, setOpen] = useState(currentId !== undefined || bill !== undefined);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="today-title" className={phone.afterList}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="today-title" visibleFrom="sm">
          Сколько вы платите сейчас
        </Title>
        <Button
          hiddenFrom="sm"
          variant="subtle"
          fullWidth
          justify="space-between"
          px="xs"
          aria-expanded={open}
          aria-controls="today-body"
          onClick={() => setOpen((o) => !o)}
          rightSection={<span aria-hidden="true">{open ? '▴' : '▾'}</span>}
          data-testid="today-toggle"
        >
          {today === null ? 'Сколько вы платите сейчас' : `Сейчас: ${formatMoney(today)}/мес`}
        </Button>
        <Stack gap="sm" id="today-body" className={open ? undefined : phone.closed}>
          <Text c="dimmed" size="sm">
            Выберите свой тариф у оператора {operatorName} или укажите сумму счёта, и свой расход за месяц: у каждого
            тарифа появится, сколько он сэкономит или будет стоить дороже.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Мой тариф сейчас"
              placeholder="Выберите тариф"
              data={tariffs.map((t) => ({ value: String(t.id), label: t.name }))}
              value={currentId === undefined ? null : String(currentId)}
              onChange={(v) => onCurrent(v ? Number(v) : undefined)}
              searchable
              clearable
              nothingFoundMessage="Такого тарифа нет"
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label="Или мой счёт в месяц"
              placeholder="например, 650"
              value={billDraft}
              min={0}
              max={1_000_000}
              allowNegative={false}
              decimalSeparator=","
              thousandSeparator=" "
              suffix=" ₽"
              disabled={currentId !== undefined}
              onChange={setBillDraft}
              onBlur={commitBill}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commitBill();
              }}
            />
          </SimpleGrid>
          <UsageFields
            value={draft}
            onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
            onCommit={commit}
          />
          <Group gap="sm">
            <Button variant="light" onClick={commit}>
              Пересчитать
            </Button>
            <Text fw={600} data-testid="today-cost">
              {today === null ? 'Укажите тариф или счёт, чтобы увидеть экономию.' : `Сейчас: ${formatMoney(today)}/мес`}
            </Text>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
