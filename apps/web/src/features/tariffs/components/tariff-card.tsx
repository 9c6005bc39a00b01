import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TickBox } from '../../../components/tick-box';
import { OperatorLogo } from '../../operators';
import type { Tariff } from '../api';
import { formatAllowance, formatMonthly, formatUnitPrice } from '../format';

interface TariffCardProps {
  tariff: Tariff;
  compared: boolean;
  compareDisabled: boolean;
  onToggleCompare: () => void;
  onOpen: () => void;
  /** Shown under the allowances (the porting wizard's savings). */
  extra?: ReactNode;
  /** A main action beside «Подробнее» (the porting wizard's «Выбрать»). */
  action?: ReactNode;
  /** Marks the card as the one chosen. */
  selected?: boolean;
}

/** One row of the list: monogram, name, allowances, price, and the way to details and comparison. */
export function TariffCard({
  tariff: t,
  compared,
  compareDisabled,
  onToggleCompare,
  onOpen,
  extra,
  action,
  selected,
}: TariffCardProps) {
  return (
    <Card
      withBorder
      padding="md"
      data-testid="tariff-card"
      aria-label={t.name}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      {/* On a narrow screen the price and buttons move under the name instead of squeezing it. */}
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: '1 1 240px' }}>
          <OperatorLogo src={t.operatorLogo} name={t.operatorName} size={44} />
          <Stack gap={4}>
            <Text fw={700} size="lg" component="h3" m={0}>
              {t.name}
            </Text>
            <Text size="sm" c="dimmed">
              {t.operatorName}
            </Text>
            {t.kind === 'Package' ? (
              <Group gap="xs">
                <Badge variant="light" tt="none">
                  {formatAllowance(t.minutes, t.minutesUnlim, 'мин')}
                </Badge>
                <Badge variant="light" tt="none">
                  {formatAllowance(t.sms, t.smsUnlim, 'SMS')}
                </Badge>
                <Badge variant="light" tt="none">
                  {formatAllowance(t.traffic, t.trafficUnlim, 'ГБ')}
                </Badge>
              </Group>
            ) : (
              <Text size="sm">
                Минута {formatUnitPrice(t.minutePrice)} · SMS {formatUnitPrice(t.smsPrice)} · МБ{' '}
                {formatUnitPrice(t.mbPrice)}
              </Text>
            )}
            {extra}
          </Stack>
        </Group>
        <Stack gap="xs" align="flex-end">
          <Text fw={700} size="xl" style={{ whiteSpace: 'nowrap' }} data-testid="tariff-price">
            {formatMonthly(t.price)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TickBox
              label="Сравнить"
              checked={compared}
              disabled={compareDisabled && !compared}
              onChange={onToggleCompare}
              aria-label={`Сравнить: ${t.name}`}
            />
            <Button variant="light" size="xs" onClick={onOpen}>
              Подробнее
            </Button>
          </Group>
          {action}
        </Stack>
      </Group>
    </Card>
  );
}
