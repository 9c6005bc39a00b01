import { Button, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { OperatorLogo } from '../../operators';
import { getAllRegionTariffsQueryOptions, type Tariff } from '../api';
import { type Cost, type CostLine, rankByCost, type Usage } from '../calculator';
import { formatCount, formatMoney, KIND_LABEL } from '../format';
import { UsageFields } from './usage-fields';

const PAGE = 10;

/** One step of the sum in words and numbers: «150 мин × 2,50 ₽ = 375 ₽». */
function describeLine(line: CostLine, kind: Tariff['kind']): string {
  const beyond = kind === 'Package' ? ' сверх пакета' : '';
  const unit = { fee: '', minutes: 'мин', sms: 'SMS', traffic: 'МБ' }[line.part];
  const name = {
    fee: 'Абонентская плата',
    minutes: `Минуты${beyond}`,
    sms: `SMS${beyond}`,
    traffic: `Интернет${beyond}`,
  }[line.part];
  if (line.part === 'fee') return `${name}: ${formatMoney(line.amount)}`;
  if (line.covered === 'unlim') return `${name.replace(beyond, '')}: безлимит, 0 ₽`;
  if (line.covered === 'included') return `${name.replace(beyond, '')}: в пакете, 0 ₽`;
  if (line.unitPrice === null) return `${name}: ${formatCount(line.quantity)} ${unit} — не продаются на этом тарифе`;
  return `${name}: ${formatCount(line.quantity)} ${unit} × ${formatMoney(line.unitPrice)} = ${formatMoney(line.amount)}`;
}

function CostCard({
  rank,
  tariff,
  cost,
  onOpen,
  extra,
}: {
  rank: number;
  tariff: Tariff;
  cost: Cost;
  onOpen: () => void;
  extra?: ReactNode;
}) {
  const lines = cost.lines.filter((l) => l.part === 'fee' || l.covered !== 'none' || l.quantity > 0);
  return (
    <Card withBorder padding="md" data-testid="calc-row" aria-label={`${rank}. ${tariff.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Text fw={700} c="dimmed" w={28}>
            {rank}
          </Text>
          <OperatorLogo src={tariff.operatorLogo} name={tariff.operatorName} size={36} />
          <Stack gap={2}>
            <Text fw={700}>{tariff.name}</Text>
            <Text size="sm" c="dimmed">
              {tariff.operatorName} · {KIND_LABEL[tariff.kind]}
            </Text>
            <Stack gap={0} mt={4} data-testid="calc-arithmetic">
              {lines.map((l) => (
                <Text size="sm" key={l.part}>
                  {describeLine(l, tariff.kind)}
                </Text>
              ))}
            </Stack>
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end">
          <Text fw={700} size="xl" style={{ whiteSpace: 'nowrap' }} data-testid="calc-total">
            {cost.total === null ? 'не подходит' : `${formatMoney(cost.total)}/мес`}
          </Text>
          <Button variant="subtle" size="xs" onClick={onOpen}>
            Подробнее
          </Button>
        </Stack>
      </Group>
      {extra}
    </Card>
  );
}

/** "What would I pay": monthly use in, every tariff of the region out, cheapest first, sums shown. */
function usageKeyOf(u: Usage): string {
  return `${u.minutes}:${u.sms}:${u.traffic}`;
}

export function CalculatorPanel({
  regionCode,
  usage,
  onUsageChange,
  onOpen,
  exclude,
  extra,
  withForm = true,
}: {
  regionCode: number;
  usage: Usage;
  onUsageChange: (usage: Usage) => void;
  onOpen: (id: number) => void;
  /** Tariffs left out of the ranking (the porting wizard leaves out the current operator's). */
  exclude?: (tariff: Tariff) => boolean;
  /** Shown under each ranked tariff (the porting wizard's savings and «Выбрать»). */
  extra?: (tariff: Tariff, cost: Cost) => ReactNode;
  /** False when the page asks for the use elsewhere. */
  withForm?: boolean;
}) {
  const { data, isPending, error } = useQuery(getAllRegionTariffsQueryOptions(regionCode));
  // The list starts again from the top whenever the use or the region changes.
  const usageKey = `${regionCode}:${usage.minutes}:${usage.sms}:${usage.traffic}`;
  const [shownFor, setShownFor] = useState({ key: usageKey, n: PAGE });
  const shown = shownFor.key === usageKey ? shownFor.n : PAGE;
  const [draft, setDraft] = useState(usage);
  // The newest typed values, kept outside React's render cycle: Enter or a click right after typing
  // must not commit a draft from the render before (a stale closure).
  const latest = useRef(draft);
  // The URL echoes what this form committed a moment later, when the user may already have typed and
  // committed the next field: an echo of any recent commit is ours; only a change from elsewhere (back
  // button, a shared link) replaces the draft.
  const recent = useRef<string[]>([usageKeyOf(usage)]);
  useEffect(() => {
    const incoming = { minutes: usage.minutes, sms: usage.sms, traffic: usage.traffic };
    if (recent.current.includes(usageKeyOf(incoming))) return;
    recent.current = [usageKeyOf(incoming)];
    latest.current = incoming;
    setDraft(incoming);
  }, [usage.minutes, usage.sms, usage.traffic]);
  const commit = () => {
    recent.current = [...recent.current.slice(-4), usageKeyOf(latest.current)];
    onUsageChange(latest.current);
  };
  const ranked = useMemo(
    () => (data ? rankByCost(exclude ? data.filter((t) => !exclude(t)) : data, usage) : []),
    [data, usage, exclude],
  );
  return (
    <Stack gap="md">
      {withForm && (
        <Paper withBorder p="md" component="section" aria-labelledby="calc-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="calc-title">
              Сколько я заплачу
            </Title>
            <Text c="dimmed" size="sm">
              Укажите, сколько вы тратите за месяц. Для пакетных тарифов считаем абонентскую плату и то, что сверх
              пакета, для тарифов без пакета — каждую минуту, SMS и мегабайт.
            </Text>
            <UsageFields
              value={draft}
              onChange={(key, value) => {
                latest.current = { ...latest.current, [key]: value };
                setDraft(latest.current);
              }}
              onCommit={commit}
            />
            <Group>
              <Button onClick={commit}>Рассчитать</Button>
              {data && (
                <Badge variant="light" size="lg">
                  Тарифов в регионе: {data.length}
                </Badge>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      <QueryState isPending={isPending} error={error} />
      {data && data.length === 0 && <Text c="dimmed">В этом регионе тарифов пока нет.</Text>}
      {ranked.slice(0, shown).map((r, i) => (
        <CostCard
          key={r.tariff.id}
          rank={i + 1}
          tariff={r.tariff}
          cost={r.cost}
          onOpen={() => onOpen(r.tariff.id)}
          extra={extra?.(r.tariff, r.cost)}
        />
      ))}
      {ranked.length > shown && (
        <Button variant="light" onClick={() => setShownFor({ key: usageKey, n: shown + PAGE })}>
          Показать ещё {Math.min(PAGE, ranked.length - shown)}
        </Button>
      )}
    </Stack>
  );
}
