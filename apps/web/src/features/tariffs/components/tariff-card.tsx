import type { ReactNode } from 'react';
import card from '../../../components/card.module.css';
import lightButton from '../../../components/light-button.module.css';
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
 * One row of the list: monogram, name, allowances, price, and the way to details and comparison. Drawn in
 * plain elements in Mantine's look, not its Card, Badge, Button, Group and Text: a list draws ten cards,
 * thirty allowances and ten buttons for every page (decision 115; 116 for the card, badges and button).
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
    <article
      className={selected ? `${card.root} ${classes.selected}` : card.root}
      data-testid="tariff-card"
      aria-label={t.name}
      data-selected={selected || undefined}
    >
      <div className={classes.row}>
        <div className={classes.main}>
          <OperatorLogo src={t.operatorLogo} name={t.operatorName} size={44} />
          <div className={classes.about}>
            <h3 className={classes.name}>{t.name}</h3>
            <p className={classes.operator}>{t.operatorName}</p>
            {t.kind === 'Package' ? (
              <div className={classes.allowances}>
                <span className={classes.allowance}>{formatAllowance(t.minutes, t.minutesUnlim, 'мин')}</span>
                <span className={classes.allowance}>{formatAllowance(t.sms, t.smsUnlim, 'SMS')}</span>
                <span className={classes.allowance}>{formatAllowance(t.traffic, t.trafficUnlim, 'ГБ')}</span>
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
            <button type="button" className={`mantine-focus-auto ${lightButton.root}`} onClick={onOpen}>
              Подробнее
            </button>
          </div>
          {action}
        </div>
      </div>
    </article>
  );
}
