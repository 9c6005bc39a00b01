import { Alert, Button, Code } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { formatMsisdn } from '@perenos/phone';
import { Fragment, useMemo } from 'react';
import { Fact } from '../../../components/fact';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '../../../components/plain';
import { formatDateTime, formatRub } from '../../../lib/format';
import type { PortationOrder } from '../api';
import { esimCodeFields, esimInstallLink } from '../esim';
import { qrPath } from '../qr';
import { debtMessage, formatEdition, SIM_KIND_LABELS } from '../sim';
import { DEBT_TEXTS, endingOf, type OrderPhase, phaseOf, SIM_BEFORE_NIGHT } from '../status';
import classes from './esim-code.module.css';

interface PortingDetailsProps {
  order: PortationOrder;
  /** The demo's stand-ins are reachable (the debt can be paid on the central database's page). */
  demo?: boolean;
}

/**
 * The recipient's side of a submitted application, for the done page and the account: the SIM way, the
 * office or address, the fee and the terms accepted; the temporary number and the eSIM code (text and QR)
 * once the SIM is issued; the donor's debt notice; the application as a PDF and the night in a calendar.
 */
export function PortingDetails({ order, demo }: PortingDetailsProps) {
  const sim = order.sim;
  const base = `/api/v1/order/portation/${order.id}`;
  const windowKnown = order.status === 'PendingBDPN' && order.portationAt !== null;
  const phase = phaseOf(order);
  // The temporary number and the eSIM code are the SIM's before the porting night: after the number moved
  // (or the application ended) they are not what the person needs, and are not offered.
  const beforeNight = phase === 'filed' || phase === 'scheduled';
  return (
    <Stack gap="lg" data-testid="porting-details">
      {order.debt && <DebtNotice order={order} phase={phase} demo={demo} />}

      <Card withBorder padding="lg" component="section" aria-labelledby={`sim-title-${order.id}`}>
        <Stack gap="md">
          <Title order={2} size="h3" id={`sim-title-${order.id}`}>
            SIM-карта и договор
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            <Fact label="SIM-карта">
              <Text data-testid="sim-kind">{sim ? SIM_KIND_LABELS[sim.kind] : 'не выбрана'}</Text>
            </Fact>
            {sim?.kind === 'office' && (
              <Fact label="Где забрать">
                {sim.office ? (
                  <Stack gap={2} data-testid="sim-office">
                    <Text fw={500}>{sim.office.name}</Text>
                    <Text size="sm">{sim.office.address}</Text>
                    <Text size="sm" c="dimmed">
                      {sim.office.hours}
                    </Text>
                  </Stack>
                ) : (
                  <Text>—</Text>
                )}
              </Fact>
            )}
            {sim?.kind === 'courier' && (
              <Fact label="Адрес доставки">
                <Text data-testid="sim-address">{sim.address ?? '—'}</Text>
              </Fact>
            )}
            <Fact label="Плата за перенос">
              <Text data-testid="order-fee">{formatRub(order.fee)} — новому оператору, один раз</Text>
            </Fact>
            <Fact label="Условия договора">
              <Text data-testid="order-contract">
                {order.contractVersion ? `редакция ${formatEdition(order.contractVersion)}` : 'ещё не приняты'}
                {order.contractAcceptedAt ? `, приняты ${formatDateTime(order.contractAcceptedAt)} (МСК)` : ''}
              </Text>
            </Fact>
            {beforeNight && (
              <Fact label="Временный номер">
                <Text data-testid="temporary-msisdn" className={order.temporaryMsisdn ? 'nowrap' : undefined}>
                  {order.temporaryMsisdn ? formatMsisdn(order.temporaryMsisdn) : SIM_BEFORE_NIGHT.temporaryPending}
                </Text>
              </Fact>
            )}
          </SimpleGrid>
          {beforeNight && order.temporaryMsisdn && (
            <Text size="sm" c="dimmed">
              {SIM_BEFORE_NIGHT.temporaryNote(formatMsisdn(order.msisdn))}
            </Text>
          )}
          {beforeNight && order.esimActivationCode && <EsimCode code={order.esimActivationCode} />}
        </Stack>
      </Card>

      {order.portationId !== null && (
        <Group gap="sm" data-testid="order-documents">
          <Button component="a" href={`${base}/application.pdf`} download variant="light">
            Заявление (PDF)
          </Button>
          {windowKnown && (
            <Button component="a" href={`${base}/calendar.ics`} download variant="light">
              Добавить в календарь
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The eSIM's activation code where it is installed. On a phone (the one that needs the eSIM), a link that
 * opens the platform's installer and a button that copies the code: a camera cannot read a QR code shown
 * on its own screen. On larger screens, the QR code (drawn here, from the text, with nothing fetched) to
 * point the phone's camera at. The code itself wraps only between its fields.
 */
function EsimCode({ code }: { code: string }) {
  const qr = useMemo(() => qrPath(code), [code]);
  const clipboard = useClipboard({ timeout: 3000 });
  return (
    <Stack gap="sm" data-testid="esim">
      <Title order={3} size="h4">
        {SIM_BEFORE_NIGHT.esimReady}
      </Title>
      <Group align="flex-start" gap="lg">
        <svg
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          width={184}
          height={184}
          role="img"
          aria-label="QR-код активации eSIM"
          shapeRendering="crispEdges"
          data-testid="esim-qr"
          className={classes.desktopOnly}
          style={{ background: '#fff', flexShrink: 0 }}
        >
          <path d={qr.d} fill="#000" />
        </svg>
        <Stack gap="xs" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text size="sm" visibleFrom="sm">
            Откройте на телефоне настройки сотовой связи → «Добавить eSIM» и наведите камеру на QR-код. Если камера не
            видит код, введите его вручную:
          </Text>
          <Text size="sm" hiddenFrom="sm">
            Если eSIM нужна на этом телефоне, нажмите «Установить eSIM» (iPhone с iOS 17.4 и новее). На Android и других
            телефонах скопируйте код и вставьте его в настройках: «SIM-карты» → «Добавить eSIM» → «Ввести код вручную».
          </Text>
          <Code block className={classes.code} data-testid="esim-code">
            {esimCodeFields(code).map((field, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the fields of one code, in their order
              <Fragment key={i}>
                <span className={classes.field}>{field}</span>
                <wbr />
              </Fragment>
            ))}
          </Code>
          <Group gap="sm">
            <Button component="a" href={esimInstallLink(code)} hiddenFrom="sm" data-testid="esim-install">
              Установить eSIM
            </Button>
            <Button variant="light" onClick={() => clipboard.copy(code)} data-testid="esim-copy">
              {clipboard.copied ? 'Код скопирован' : 'Скопировать код'}
            </Button>
            <span role="status" className={classes.announce}>
              {clipboard.copied ? 'Код активации eSIM скопирован' : ''}
            </span>
          </Group>
          <Text size="xs" c="dimmed">
            Код одноразовый: никому его не сообщайте.
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}

/** Each number the debt is on, its part, and whether it is paid (with the demo's pay link). */
function DebtNumbers({ debt, demo }: { debt: NonNullable<PortationOrder['debt']>; demo?: boolean | undefined }) {
  if (debt.numbers.length === 0) {
    return demo && !debt.paidAt ? (
      <Text size="sm">
        Демонстрационный режим: долг можно оплатить на странице{' '}
        <Anchor href="/bdpn-standin/" target="_blank" size="sm" c="inherit" fw={600}>
          центральной базы (демо)
        </Anchor>
        .
      </Text>
    ) : null;
  }
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }} data-testid="debt-numbers">
      {debt.numbers.map((n) => (
        <li key={n.msisdn}>
          <Text size="sm" span>
            <span style={{ whiteSpace: 'nowrap' }}>{formatMsisdn(n.msisdn)}</span> — {formatRub(n.amount)}
            {n.paidAt ? `, оплачено ${formatDateTime(n.paidAt)} (МСК)` : ''}
          </Text>
          {!n.paidAt && !debt.paidAt && demo && (
            <>
              {' '}
              <Anchor
                href={`/bdpn-standin/#debt-${n.msisdn}`}
                target="_blank"
                size="sm"
                c="inherit"
                fw={600}
                underline="always"
              >
                оплатить (демо)
              </Anchor>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The donor's notice: how much, by when (Moscow time), and what to do; once paid, that it is — in the words
 * of the phase (the night set, the number moved, the application ended for the debt or for another reason).
 */
function DebtNotice({ order, phase, demo }: { order: PortationOrder; phase: OrderPhase; demo?: boolean | undefined }) {
  const debt = order.debt;
  if (!debt) return null;
  const donor = order.fromOperator?.operatorName ?? 'прежний оператор';
  if (debt.paidAt) {
    const after =
      phase === 'scheduled' ? ` ${DEBT_TEXTS.paidNight}` : phase === 'filed' ? ` ${DEBT_TEXTS.paidGoesOn}` : '';
    return (
      <Alert color="green" title="Задолженность оплачена" data-testid="debt-notice">
        <Stack gap="xs">
          <Text size="sm">
            {debtMessage(debt)}
            {after}
          </Text>
          <DebtNumbers debt={debt} />
        </Stack>
      </Alert>
    );
  }
  if (phase === 'ported') return null;
  if (phase === 'ended') {
    // Said as what came of it: the donor refused for the debt, or the application ended otherwise.
    const refused = endingOf(order.events) === 'donor-rejected';
    return (
      <Alert color="gray" title={`Задолженность перед оператором ${donor}`} data-testid="debt-notice">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {refused ? DEBT_TEXTS.lapsed(formatRub(debt.amount)) : DEBT_TEXTS.left(formatRub(debt.amount))}
          </Text>
          {refused && <DebtNumbers debt={debt} />}
        </Stack>
      </Alert>
    );
  }
  const several = debt.numbers.length > 1;
  return (
    <Alert color="orange" title={`Задолженность перед оператором ${donor}`} data-testid="debt-notice">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {debtMessage(debt)}
        </Text>
        <DebtNumbers debt={debt} demo={demo} />
        <Text size="sm">
          Оплатите {several ? 'каждый номер' : 'её'} в приложении, на сайте или в салоне оператора {donor}.{' '}
          {debt.numbers.length === 1 ? '' : `${DEBT_TEXTS.sumOfNumbers} `}Платёж доходит до оператора за несколько
          часов, поэтому лучше не откладывать.
        </Text>
      </Stack>
    </Alert>
  );
}
