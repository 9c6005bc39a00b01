import { Alert, Button } from '@mantine/core';
import { classifyPhoneInput, formatMsisdn } from '@perenos/phone';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { Page } from '../components/page';
import { Anchor, Card, Group, Stack, Text } from '../components/plain';
import { useAuth } from '../features/auth';
import { MsisdnInput, phoneFieldOutcome, readPhoneField } from '../features/lookup';
import {
  applicationTitle,
  type Outcome,
  type PortationOrder,
  RefusalAlert,
  useInitPortation,
  WizardSteps,
} from '../features/porting';

/** Step 1 (no sign-in): the number, who serves it and where, and an order for it when it may be ported. */
export default function PortationInitPage() {
  const { isLogged } = useAuth();
  const [, navigate] = useLocation();
  // From an operator's page: step 2 opens with that operator's tariffs picked in the filter.
  const [params] = useSearchParams();
  const op = params.get('op');
  const next = (id: number) => `/portation/${id}/tariffs${op && /^[a-z0-9-]{1,60}$/.test(op) ? `?op=${op}` : ''}`;
  // «Подать заявление заново» after a refusal brings the number along.
  const again = classifyPhoneInput(params.get('msisdn') ?? '');
  const [value, setValue] = useState(again.kind === 'mobile' ? formatMsisdn(again.msisdn) : '');
  const [inputError, setInputError] = useState<string | undefined>();
  const init = useInitPortation();
  const [result, setResult] = useState<Outcome<PortationOrder> | null>(null);

  const submit = async () => {
    const field = phoneFieldOutcome(value);
    if ('message' in field) {
      setInputError(field.message);
      return;
    }
    setInputError(undefined);
    setResult(null);
    // The order's checks say whether the number may move, and the order names its operator and region
    // (which spends one lookup of the day's quota, as /check does).
    const outcome = await init.mutateAsync({ msisdn: field.msisdn });
    // A number that is not mobile is the field's problem: said under the field, as a typed landline is.
    if (!outcome.ok && outcome.refusal.refusal === 'not-mobile') setInputError(outcome.refusal.message);
    else setResult(outcome);
  };
  const busy = init.isPending;
  const order = result?.ok ? result.data : null;

  return (
    <Page
      title="Заявление на перенос: номер"
      description="Первый шаг заявления на перенос номера: укажите номер, мы проверим его оператора и регион."
      heading="Шаг 1. Номер"
      lead="Укажите номер, который хотите перенести: покажем его оператора и регион и проверим, можно ли перенести."
      size="md"
    >
      <WizardSteps active={0} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <MsisdnInput
            value={value}
            onChange={(v) => {
              setValue(v);
              const field = readPhoneField(v);
              setInputError(field.kind === 'problem' ? field.message : undefined);
              setResult(null);
            }}
            onSubmit={() => void submit()}
            error={inputError}
            onPasteProblem={(message) => {
              setInputError(message);
              setResult(null);
            }}
          />
          <Group>
            <Button size="md" onClick={() => void submit()} loading={busy}>
              Проверить номер
            </Button>
          </Group>
        </Stack>
      </Card>
      {result && !result.ok && <RefusalAlert refusal={result.refusal} />}
      {order && (
        <Alert
          color="green"
          title={`Номер можно перенести: ${applicationTitle(order.id).toLowerCase()} создано`}
          data-testid="order-created"
        >
          <Stack gap="sm">
            <Text size="sm" data-testid="order-number-info">
              Номер <span style={{ whiteSpace: 'nowrap' }}>{formatMsisdn(order.msisdn)}</span> обслуживает{' '}
              <Text span fw={700} inherit>
                {order.fromOperator?.operatorName ?? 'оператор не определён'}
              </Text>
              {order.regionName ? `, регион — ${order.regionName}` : ''}.
            </Text>
            <Text size="sm">
              Дальше — выбор нового оператора и тарифа
              {isLogged ? '.' : '. Для этого нужно войти через Госуслуги: после входа вы вернётесь к этому заявлению.'}
            </Text>
            <Group>
              <Button onClick={() => navigate(next(order.id))}>
                {isLogged ? 'Выбрать тариф' : 'Войти и выбрать тариф'}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Правила переноса — на странице{' '}
        <Anchor component={Link} to="/portation" inherit>
          «Перенос номера»
        </Anchor>
        .
      </Text>
    </Page>
  );
}
