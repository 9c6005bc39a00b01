import { Badge, Button, Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { TickBox } from '../../../components/tick-box';
import { OperatorLogo } from '../../operators';
import type { Tariff } from '../api';
import { formatAllowance, formatMonthly, formatUnitPrice } from '../format';
import classes from './tariff-card.module.css';

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

/**
 * One row of the list: monogram, name, allowances, price, and the way to details and comparison. Laid out
 * in plain elements, not Mantine's Group, Stack and Text: a list draws ten (decision 115).
 */
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
      <div className={classes.row}>
        <div className={classes.main}>
          <OperatorLogo src={t.operatorLogo} name={t.operatorName} size={44} />
          <div className={classes.about}>
            <h3 className={classes.name}>{t.name}</h3>
            <p className={classes.operator}>{t.operatorName}</p>
            {t.kind === 'Package' ? (
              <div className={classes.allowances}>
                <Badge variant="light" tt="none">
                  {formatAllowance(t.minutes, t.minutesUnlim, 'мин')}
                </Badge>
                <Badge variant="light" tt="none">
                  {formatAllowance(t.sms, t.smsUnlim, 'SMS')}
                </Badge>
                <Badge variant="light" tt="none">
                  {formatAllowance(t.traffic, t.trafficUnlim, 'ГБ')}
                </Badge>
              </div>
            ) : (
              <p className={classes.prices}>
                Минута {formatUnitPrice(t.minutePrice)} · SMS {formatUnitPrice(t.smsPrice)} · МБ{' '}
                {formatUnitPrice(t.mbPrice)}
              </p>
            )}
            {extra}
          </div>
        </div>
        <div className={classes.side}>
          <p className={classes.price} data-testid="tariff-price">
            {formatMonthly(t.price)}
          </p>
          <div className={classes.actions}>
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
          </div>
          {action}
        </div>
      </div>
    </Card>
  );
}
