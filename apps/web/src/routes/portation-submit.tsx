import { Alert, Button, Checkbox, Grid, Paper, PinInput, TextInput } from '@mantine/core';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Fact } from '../components/fact';
import { Msisdn } from '../components/msisdn';
import { Page } from '../components/page';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '../components/plain';
import { getPersonalInfoQueryOptions } from '../features/auth';
import { getNumberingPlanQueryOptions } from '../features/lookup';
import {
  ContractTermsSection,
  formatEdition,
  GoskeySigning,
  getPortationSignatureQueryOptions,
  getPortationTermsQueryOptions,
  initialDay,
  isAllowedDay,
  isSigned,
  OrderGate,
  OrderSummary,
  type PortationOrder,
  PortingCalendar,
  parseOrderId,
  type SimChoice,
  SimChoiceField,
  simChoiceProblem,
  simForServer,
  simOfOrder,
  useSendPortationCode,
  useSubmitPortation,
  useUpdatePortation,
  WithdrawOrder,
  WizardSteps,
} from '../features/porting';
import { useFeature } from '../features/settings';
import { formatDateTime } from '../lib/format';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 3 (sign-in): the applicant from Госуслуги, the porting day, e-mail, the number's confirmation, the signature. */
/**
 * After a refused «Отправить»: the first field the page marks wrong, top to bottom, is brought into view
 * and takes the focus (a SIM way not chosen sits far above the button, out of sight on a phone).
 */
function showFirstError() {
  requestAnimationFrame(() => {
    const main = document.querySelector('main') ?? document.body;
    const marked = [
      ...main.querySelectorAll<HTMLElement>(
        '[aria-invalid="true"], [data-error], fieldset[aria-describedby], [role="radiogroup"][aria-describedby]',
      ),
    ].filter((el) => el.matches('[aria-invalid="true"], [data-error]') || el.querySelector('[role="alert"]'));
    const first = marked.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    const focusable = first.matches('input, textarea, select, button')
      ? first
      : first.querySelector<HTMLElement>('input:checked, input, textarea, select, button');
    focusable?.focus({ preventScroll: true });
  });
}

export default function PortationSubmitPage() {
  const id = parseOrderId(useParams().order);
  return (
    <OrderGate id={id} withPersonal title="Заявление на перенос: отправка">
      {(order) => <SubmitForm order={order} />}
    </OrderGate>
  );
}

function SubmitForm({ order }: { order: PortationOrder }) {
  const [, navigate] = useLocation();
  const range = { earliest: order.earliestPortationAt, latest: order.latestPortationAt };
  // The order is where the day and the e-mail live: each choice is saved at once, so a reload keeps it.
  const [day, setDay] = useState<string>(() => initialDay(order.portationAt, range));
  const [email, setEmail] = useState(order.email ?? '');
  // Letters go to the Госуслуги e-mail when the order has none: shown in the field, so nothing is silent.
  const esia = useQuery(getPersonalInfoQueryOptions());
  const esiaEmail = esia.data?.email ?? null;
  const [prefilled, setPrefilled] = useState(order.email !== null);
  useEffect(() => {
    if (!prefilled && esia.isSuccess) {
      setPrefilled(true);
      if (esiaEmail) setEmail((typed) => typed || esiaEmail);
    }
  }, [prefilled, esia.isSuccess, esiaEmail]);
  // The SIM way lives in the order too (saved as soon as it is whole); the terms are accepted here, each time.
  const [sim, setSim] = useState<SimChoice | null>(() => simOfOrder(order));
  const terms = useQuery(getPortationTermsQueryOptions(order.id));
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [consent, setConsent] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const update = useUpdatePortation(order.id);
  const submit = useSubmitPortation(order.id);
  const sendCode = useSendPortationCode(order.id);
  const plan = useQuery(getNumberingPlanQueryOptions());
  const personal = order.personal ?? null;
  // With Goskey, the application signed in «Госключ» stands for the consent tick (decision 128).
  const goskey = useFeature('Goskey');
  const signature = useQuery({ ...getPortationSignatureQueryOptions(order.id), enabled: goskey });

  const frame = {
    title: 'Заявление на перенос: отправка',
    description: 'Третий шаг заявления на перенос номера: дата переноса, проверка данных и подпись.',
    heading: 'Шаг 3. Заявление',
    lead: 'Проверьте данные, выберите дату переноса и отправьте заявление.',
    size: 'lg',
  } as const;

  if (order.toOperator === null || order.tariffId === null) {
    return (
      <Page {...frame}>
        <WizardSteps active={2} />
        <Alert color="yellow" title="Сначала выберите тариф">
          <Stack gap="sm">
            <Text size="sm">Новый оператор и тариф ещё не выбраны.</Text>
            <Group>
              <Button component={Link} to={`/portation/${order.id}/tariffs`}>
                К выбору тарифа
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Page>
    );
  }
  const toOperatorId = order.toOperator.operatorId;
  const tariffId = order.tariffId;

  const fieldErrors = (fields: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')]));

  const validEmail = (value: string) => {
    const trimmed = value.trim();
    return trimmed === '' || EMAIL_RE.test(trimmed);
  };
  /**
   * Saves the day, the e-mail and the SIM way in the order (an e-mail being typed wrong keeps the saved
   * one; a SIM way not yet whole — an office not picked, an address half typed — keeps the saved one).
   */
  const save = async (next: { day: string; email: string; sim: SimChoice | null }) => {
    const saved = await update.mutateAsync({
      operatorId: toOperatorId,
      tariffId,
      portationAt: next.day,
      email: validEmail(next.email) ? next.email.trim() || null : order.email,
      ...(next.sim && simChoiceProblem(next.sim) === null ? { sim: simForServer(next.sim) } : {}),
    });
    if (!saved.ok) setErrors(fieldErrors(saved.fields));
    return saved;
  };
  const chooseDay = (next: string) => {
    setDay(next);
    setErrors(({ portationAt: _, ...rest }) => rest);
    if (isAllowedDay(next, range)) void save({ day: next, email, sim });
  };
  const leaveEmail = () => {
    if (!validEmail(email)) {
      setErrors((e) => ({ ...e, email: 'Введите адрес электронной почты целиком, например ivan@example.ru.' }));
      return;
    }
    setErrors(({ email: _, ...rest }) => rest);
    if ((email.trim() || null) !== order.email) void save({ day, email, sim });
  };
  const chooseSim = (next: SimChoice) => {
    setSim(next);
    setErrors(({ sim: _, ...rest }) => rest);
    if (simChoiceProblem(next) === null && isAllowedDay(day, range)) void save({ day, email, sim: next });
  };
  const leaveAddress = () => {
    if (sim?.kind !== 'courier') return;
    const problem = simChoiceProblem(sim);
    if (problem) {
      // Said once something is typed: an empty field just chosen is not yet a mistake.
      if ((sim.address ?? '').trim()) setErrors((e) => ({ ...e, sim: problem }));
      return;
    }
    setErrors(({ sim: _, ...rest }) => rest);
    if (isAllowedDay(day, range)) void save({ day, email, sim });
  };

  /** What the application needs before it is signed or sent: the day, the e-mail, the SIM way, the terms. */
  const applicationProblems = () => {
    const local: Record<string, string> = {};
    if (!isAllowedDay(day, range)) {
      local.portationAt = `Выберите дату с ${formatDayInWords(range.earliest)} по ${formatDayInWords(range.latest)}.`;
    }
    if (email.trim() && !EMAIL_RE.test(email.trim())) {
      local.email = 'Введите адрес электронной почты целиком, например ivan@example.ru.';
    }
    const simProblem = simChoiceProblem(sim);
    if (simProblem) local.sim = simProblem;
    if (!termsAccepted) local.contractVersion = 'Прочитайте и примите условия договора с новым оператором.';
    return local;
  };

  /** Before the application is drawn for signing: it is whole and saved, so the PDF says what is chosen. */
  const prepareSigning = async () => {
    const local = applicationProblems();
    setErrors(local);
    setGeneral(null);
    if (Object.keys(local).length > 0 || !sim) return false;
    const saved = await save({ day, email, sim });
    if (!saved.ok) setGeneral(saved.refusal.message);
    return saved.ok;
  };

  const send = async () => {
    const local = applicationProblems();
    if (!order.isMsisdnConfirmed && !/^\d{6}$/.test(code)) local.confirmationCode = 'Введите 6 цифр кода из SMS.';
    if (goskey) {
      if (!isSigned(signature.data)) local.signature = 'Подпишите заявление в Госключе.';
    } else if (!consent) {
      local.consent = 'Подтвердите согласие на перенос номера и обработку персональных данных.';
    }
    setErrors(local);
    setGeneral(null);
    if (Object.keys(local).length > 0) showFirstError();
    if (Object.keys(local).length > 0 || !sim) return;
    const version = terms.data?.version;
    if (!version) {
      setGeneral('Условия договора не загрузились: обновите страницу и примите их.');
      return;
    }
    setSending(true);
    try {
      const saved = await save({ day, email, sim });
      if (!saved.ok) {
        setGeneral(saved.refusal.message);
        return;
      }
      const done = await submit.mutateAsync({
        consent: true,
        contractVersion: version,
        sim: simForServer(sim),
        ...(order.isMsisdnConfirmed ? {} : { confirmationCode: code }),
      });
      if (!done.ok) {
        setErrors(fieldErrors(done.fields));
        setGeneral(done.refusal.message);
        return;
      }
      navigate(`/portation/${order.id}/done`, { replace: true });
    } finally {
      setSending(false);
    }
  };
  // Only sending makes the button wait: a save of the e-mail started by this very click (the field lost
  // the focus to the button) must not turn the button into a spinner under the pointer and eat the click.
  const busy = sending || submit.isPending;
  const sent = sendCode.data?.ok ? sendCode.data.data : null;

  return (
    <Page {...frame}>
      <WizardSteps active={2} />
      <OrderSummary order={order} />
      <Group gap="xs">
        <Text size="sm">
          Тариф: <b>{order.tariffName}</b>
        </Text>
        <Anchor component={Link} to={`/portation/${order.id}/tariffs`} size="sm">
          изменить
        </Anchor>
      </Group>

      <Paper withBorder p="md" component="section" aria-labelledby="personal-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h3" id="personal-title">
              Заявитель
            </Title>
            <Badge variant="light" tt="none">
              из Госуслуг
            </Badge>
          </Group>
          {personal ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="personal">
              <Fact label="ФИО" strong>
                {personal.fullName}
              </Fact>
              <Fact label="Дата рождения" strong>
                {personal.birthDate ? formatDayInWords(personal.birthDate) : '—'}
              </Fact>
              <Fact label="Паспорт" strong>
                {personal.passport ?? 'нет в профиле Госуслуг'}
              </Fact>
            </SimpleGrid>
          ) : (
            <Text c="dimmed">Данные из Госуслуг недоступны: выйдите и войдите снова.</Text>
          )}
          <Text size="xs" c="dimmed">
            Данные заполнены по профилю Госуслуг и не редактируются здесь. Если они устарели, исправьте их в Госуслугах
            и войдите на сайт снова.
          </Text>
          {errors.passport && (
            <Text c="red" size="sm">
              {errors.passport}
            </Text>
          )}
        </Stack>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="date-title" h="100%">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h3" id="date-title">
                Дата переноса
              </Title>
              <Text size="sm" c="dimmed">
                Можно выбрать с {formatDayInWords(range.earliest)} по {formatDayInWords(range.latest)}. Номер перейдёт
                ночью, с 00:00 до 06:00 по Москве.
              </Text>
              <PortingCalendar value={day} onChange={chooseDay} window={range} />
              <Text fw={600} data-testid="chosen-day">
                Выбрано: {formatDayInWords(day)}
              </Text>
              {errors.portationAt && (
                <Text c="red" size="sm" role="alert">
                  {errors.portationAt}
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby="contact-title">
              <Stack gap="sm">
                <Title order={2} size="h3" id="contact-title">
                  Почта для уведомлений
                </Title>
                <TextInput
                  label="Электронная почта"
                  description={
                    esiaEmail
                      ? `Сюда придут письма о каждом шаге переноса. Если оставить поле пустым, письма придут на почту из Госуслуг: ${esiaEmail}.`
                      : 'Сюда придут письма о каждом шаге переноса. Если оставить поле пустым, писем не будет — только SMS.'
                  }
                  placeholder="ivan@example.ru"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  onBlur={leaveEmail}
                  error={errors.email}
                  data-testid="email"
                />
              </Stack>
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="confirm-title">
              <Stack gap="sm" align="flex-start">
                <Title order={2} size="h3" id="confirm-title">
                  Подтверждение номера
                </Title>
                {order.isMsisdnConfirmed ? (
                  <Group gap="xs">
                    <Badge color="green" variant="light" size="lg" tt="none" data-testid="msisdn-confirmed">
                      Номер подтверждён
                    </Badge>
                    <Text size="sm">
                      <Msisdn value={order.msisdn} /> — ваш подтверждённый номер в Госуслугах.
                    </Text>
                  </Group>
                ) : (
                  <>
                    <Text size="sm">
                      Номера <Msisdn value={order.msisdn} /> нет среди подтверждённых в Госуслугах: подтвердите его
                      кодом из SMS.
                    </Text>
                    <Button
                      variant="light"
                      onClick={() => sendCode.mutate()}
                      loading={sendCode.isPending}
                      data-testid="send-code"
                    >
                      {sent ? 'Получить код ещё раз' : 'Получить код'}
                    </Button>
                    {sent && (
                      <Text size="sm" c="dimmed">
                        Код отправлен на <Msisdn value={sent.sentTo} />, действует до {formatDateTime(sent.expiresAt)}{' '}
                        (МСК).
                      </Text>
                    )}
                    {sendCode.data && !sendCode.data.ok && (
                      <Text c="red" size="sm" role="alert">
                        {sendCode.data.refusal.message}
                      </Text>
                    )}
                    {plan.data?.isDemo && (
                      <Text size="xs" c="dimmed">
                        Демонстрационный режим: SMS не уходит, код виден на странице{' '}
                        <Anchor href="/outbox-standin/" target="_blank" size="xs">
                          «Исходящие сообщения»
                        </Anchor>
                        .
                      </Text>
                    )}
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        Код из SMS
                      </Text>
                      <PinInput
                        length={6}
                        type="number"
                        oneTimeCode
                        value={code}
                        onChange={setCode}
                        error={Boolean(errors.confirmationCode)}
                        ariaLabel="Код из SMS"
                        size="md"
                      />
                      {errors.confirmationCode && (
                        <Text c="red" size="sm" role="alert">
                          {errors.confirmationCode}
                        </Text>
                      )}
                    </Stack>
                  </>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <Paper withBorder p="md" component="section" aria-label="Получение SIM-карты">
        <SimChoiceField
          orderId={order.id}
          operatorName={order.toOperator.operatorName}
          value={sim}
          onChange={chooseSim}
          onAddressChange={(address) => setSim({ kind: 'courier', address })}
          onAddressBlur={leaveAddress}
          error={errors.sim}
        />
      </Paper>

      <ContractTermsSection
        terms={terms.data ?? undefined}
        failed={terms.isError}
        accepted={termsAccepted}
        onAccept={(accepted) => {
          setTermsAccepted(accepted);
          if (accepted) setErrors(({ contractVersion: _, ...rest }) => rest);
        }}
        error={errors.contractVersion}
      />

      {goskey && (
        <GoskeySigning
          order={order}
          prepare={prepareSigning}
          error={errors.signature}
          demo={plan.data?.isDemo ?? false}
        />
      )}

      <Paper withBorder p="md">
        <Stack gap="md">
          {!goskey && (
            <Checkbox
              checked={consent}
              onChange={(e) => {
                setConsent(e.currentTarget.checked);
                if (e.currentTarget.checked) setErrors(({ consent: _, ...rest }) => rest);
              }}
              label={
                terms.data?.consent.text ??
                'Я владелец договора с оператором, прошу перенести номер к новому оператору и согласен(на) на обработку моих персональных данных для переноса'
              }
              description={terms.data ? `Согласие, редакция ${formatEdition(terms.data.consent.version)}` : undefined}
              error={errors.consent}
              aria-invalid={errors.consent ? true : undefined}
              data-testid="consent"
            />
          )}
          {general && (
            <Alert color="red" title="Заявление не отправлено" role="alert" data-testid="submit-error">
              {general}
            </Alert>
          )}
          <Group>
            <Button size="lg" onClick={() => void send()} loading={busy}>
              Отправить заявление
            </Button>
            <Button component={Link} to={`/portation/${order.id}/tariffs`} variant="subtle">
              Назад к тарифам
            </Button>
          </Group>
        </Stack>
      </Paper>
      <WithdrawOrder order={order} />
    </Page>
  );
}
