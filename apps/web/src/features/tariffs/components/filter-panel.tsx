import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  RangeSlider,
  SegmentedControl,
  Slider,
  Switch,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Stack, Text } from '../../../components/plain';
import { formatRub } from '../../../lib/format';
import type { TariffFilters } from '../api';
import type { TariffFilterState } from '../filter-state';
import { formatCount } from '../format';

type Patch = Partial<TariffFilterState>;

/** A number field that changes the filters when the user leaves it or presses Enter, not on every key. */
function CommitNumberInput({
  label,
  value,
  onCommit,
  suffix,
  decimal,
}: {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
  suffix?: string;
  decimal?: boolean;
}) {
  const [draft, setDraft] = useState<string | number>(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => {
    const n = typeof draft === 'number' ? draft : draft.trim() === '' ? undefined : Number(draft.replace(',', '.'));
    const next = n === undefined || !Number.isFinite(n) || n < 0 ? undefined : n;
    if (next !== value) onCommit(next);
  };
  return (
    <NumberInput
      label={label}
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      min={0}
      max={1_000_000}
      allowNegative={false}
      allowDecimal={decimal ?? false}
      decimalSeparator=","
      thousandSeparator=" "
      suffix={suffix}
      size="sm"
    />
  );
}

function roundUp(n: number | null, step: number, fallback: number): number {
  return n === null || n <= 0 ? fallback : Math.ceil(n / step) * step;
}

/** A "not less than" slider with its «безлимит» switch, for minutes, SMS or gigabytes. */
function AllowanceFilter({
  label,
  unit,
  max,
  step,
  value,
  unlim,
  hasUnlim,
  onChange,
}: {
  label: string;
  unit: string;
  max: number;
  step: number;
  value: number | undefined;
  unlim: boolean;
  hasUnlim: boolean;
  onChange: (value: number | undefined, unlim: boolean) => void;
}) {
  const [draft, setDraft] = useState(value ?? 0);
  useEffect(() => setDraft(value ?? 0), [value]);
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {unlim ? 'только безлимит' : draft > 0 ? `от ${formatCount(draft)} ${unit}` : 'любое'}
        </Text>
      </Group>
      <Slider
        min={0}
        max={max}
        step={step}
        value={Math.min(draft, max)}
        onChange={setDraft}
        onChangeEnd={(v) => onChange(v > 0 ? v : undefined, unlim)}
        disabled={unlim}
        label={(v) => `${formatCount(v)} ${unit}`}
        thumbLabel={`${label}: не меньше`}
      />
      <Switch
        label="безлимит"
        checked={unlim}
        disabled={!hasUnlim && !unlim}
        onChange={(e) => onChange(value, e.currentTarget.checked)}
        aria-label={`${label}: только безлимит`}
      />
    </Stack>
  );
}

interface FilterPanelProps {
  state: TariffFilterState;
  filters: TariffFilters | undefined;
  onChange: (patch: Patch) => void;
  onReset: () => void;
}

/** Operators, price, allowances (or per-use prices) and the kind of tariff. */
export function FilterPanel({ state, filters, onChange, onReset }: FilterPanelProps) {
  const priceTop = roundUp(filters?.price.max ?? null, 100, 3000);
  const [price, setPrice] = useState<[number, number]>([state.priceMin ?? 0, state.priceMax ?? priceTop]);
  useEffect(
    () => setPrice([state.priceMin ?? 0, state.priceMax ?? priceTop]),
    [state.priceMin, state.priceMax, priceTop],
  );
  const pkg = state.kind === 'Package';
  return (
    <Paper withBorder p="md" component="section" aria-label="Фильтры">
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={state.kind}
          onChange={(v) => onChange({ kind: v === 'NonPackage' ? 'NonPackage' : 'Package' })}
          data={[
            { value: 'Package', label: 'Пакетные' },
            { value: 'NonPackage', label: 'Без пакета' },
          ]}
          aria-label="Тип тарифа"
        />
        <MultiSelect
          label="Операторы"
          placeholder={state.operators.length === 0 ? 'Все операторы' : undefined}
          data={(filters?.operators ?? []).map((o) => ({
            value: o.slug,
            label: `${o.name} · ${o.minPrice === 0 ? 'без абонентской платы' : `от ${formatRub(o.minPrice)}`}`,
          }))}
          value={state.operators}
          onChange={(operators) => onChange({ operators })}
          searchable
          clearable
          nothingFoundMessage="Нет такого оператора"
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Абонентская плата, ₽/мес
          </Text>
          <RangeSlider
            min={0}
            max={priceTop}
            step={10}
            minRange={0}
            value={price}
            onChange={setPrice}
            onChangeEnd={([lo, hi]) =>
              onChange({ priceMin: lo > 0 ? lo : undefined, priceMax: hi < priceTop ? hi : undefined })
            }
            label={(v) => formatRub(v)}
            thumbFromLabel="Цена от"
            thumbToLabel="Цена до"
          />
          <Group grow>
            <CommitNumberInput label="Цена от" value={state.priceMin} onCommit={(priceMin) => onChange({ priceMin })} />
            <CommitNumberInput label="Цена до" value={state.priceMax} onCommit={(priceMax) => onChange({ priceMax })} />
          </Group>
        </Stack>
        {pkg ? (
          <>
            <AllowanceFilter
              label="Минуты"
              unit="мин"
              max={roundUp(filters?.minutes.max ?? null, 100, 3000)}
              step={50}
              value={state.minutesMin}
              unlim={state.minutesUnlim}
              hasUnlim={filters?.minutes.hasUnlim ?? true}
              onChange={(minutesMin, minutesUnlim) => onChange({ minutesMin, minutesUnlim })}
            />
            <AllowanceFilter
              label="SMS"
              unit="SMS"
              max={roundUp(filters?.sms.max ?? null, 50, 500)}
              step={10}
              value={state.smsMin}
              unlim={state.smsUnlim}
              hasUnlim={filters?.sms.hasUnlim ?? true}
              onChange={(smsMin, smsUnlim) => onChange({ smsMin, smsUnlim })}
            />
            <AllowanceFilter
              label="Интернет"
              unit="ГБ"
              max={roundUp(filters?.traffic.max ?? null, 10, 100)}
              step={1}
              value={state.trafficMin}
              unlim={state.trafficUnlim}
              hasUnlim={filters?.traffic.hasUnlim ?? true}
              onChange={(trafficMin, trafficUnlim) => onChange({ trafficMin, trafficUnlim })}
            />
          </>
        ) : (
          <Group grow>
            <CommitNumberInput
              label="Минута не дороже"
              suffix=" ₽"
              decimal
              value={state.minutePriceMax}
              onCommit={(minutePriceMax) => onChange({ minutePriceMax })}
            />
            <CommitNumberInput
              label="SMS не дороже"
              suffix=" ₽"
              decimal
              value={state.smsPriceMax}
              onCommit={(smsPriceMax) => onChange({ smsPriceMax })}
            />
          </Group>
        )}
        <Checkbox
          label="Только лучший тариф каждого оператора"
          checked={state.best}
          onChange={(e) => onChange({ best: e.currentTarget.checked })}
        />
        <Button variant="subtle" onClick={onReset}>
          Сбросить фильтры
        </Button>
      </Stack>
    </Paper>
  );
}
