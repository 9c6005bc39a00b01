import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageLoader } from '../app/route-table';
import { Page } from '../components/page';
import { Card, Group, Stack, Text, Title } from '../components/plain';
import { loginUrl, useAuth } from '../features/auth';
import {
  BatchUpload,
  getNumberingPlanQueryOptions,
  getQuotaQueryOptions,
  LookupResult,
  MsisdnInput,
  phoneFieldOutcome,
  QuotaInfo,
  readPhoneField,
  useLookupMsisdn,
} from '../features/lookup';

/**
 * The numbering plan; the quota only for a signed-in person. An anonymous visitor's quota is their
 * address's, so it is asked by the browser: the page itself is the same for every anonymous visitor
 * (the page cache keeps it).
 */
export const loader: PageLoader = ({ queryClient, isLogged }) =>
  Promise.all([
    queryClient.prefetchQuery(getNumberingPlanQueryOptions()),
    isLogged ? queryClient.prefetchQuery(getQuotaQueryOptions(true)) : null,
  ]);

export default function CheckPage() {
  const { isLogged } = useAuth();
  const [value, setValue] = useState('');
  const [inputError, setInputError] = useState<string | undefined>();
  const lookup = useLookupMsisdn(isLogged);
  const quota = useQuery(getQuotaQueryOptions(isLogged));
  const plan = useQuery(getNumberingPlanQueryOptions());

  // An earlier answer must not stay under a new error as if it belonged to it.
  const showProblem = (message: string) => {
    lookup.reset();
    setInputError(message);
  };
  const submit = () => {
    const field = phoneFieldOutcome(value);
    if ('message' in field) {
      showProblem(field.message);
      return;
    }
    setInputError(undefined);
    lookup.mutate(field.msisdn);
  };

  const frame = {
    title: 'Проверка номера',
    description: 'Узнайте, какому оператору принадлежит мобильный номер и в каком он регионе, с учётом переноса.',
    lead: 'Узнайте оператора и регион любого мобильного номера — с учётом переноса.',
    size: 'md',
  } as const;
  // The form is drawn once the plan is known: the demo note then takes its place at once instead of pushing
  // the form down as it arrives (layout shift). The quota line keeps its place (the same text, hidden) until
  // the browser has asked for it: the server draws an anonymous visitor's page without it (the loader).
  if (plan.isPending) return <Page {...frame} />;

  return (
    <Page {...frame}>
      {plan.data?.isDemo && (
        <Alert color="yellow" title="Демонстрационные данные" data-testid="demo-note">
          Сейчас загружен демонстрационный план нумерации: ответы похожи на настоящие, но не взяты из официального
          реестра.
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <MsisdnInput
            value={value}
            onChange={(v) => {
              setValue(v);
              // A whole landline says at once that it is not checked, typed or pasted.
              const field = readPhoneField(v);
              if (field.kind === 'problem') showProblem(field.message);
              else setInputError(undefined);
            }}
            onSubmit={submit}
            error={inputError}
            onPasteProblem={showProblem}
          />
          <Group justify="space-between" align="center">
            <Button size="md" onClick={submit} loading={lookup.isPending}>
              Проверить
            </Button>
            {quota.data ? <QuotaInfo quota={quota.data} /> : quota.isPending && <QuotaPlaceholder />}
          </Group>
        </Stack>
      </Card>
      {lookup.data && !lookup.isPending && !lookup.data.ok && (
        <Alert color="red" title="Не удалось проверить номер" role="alert">
          {lookup.data.message}
        </Alert>
      )}
      {lookup.data?.ok && !lookup.isPending && <LookupResult info={lookup.data.data} />}
      <Stack gap="sm" mt="lg">
        <Title order={2} size="h3">
          Проверка списка номеров
        </Title>
        <Text c="dimmed">
          Загрузите файл с номерами — получите тот же файл с оператором и регионом каждого номера. Неверные строки будут
          помечены, порядок строк сохранится.
        </Text>
        {isLogged ? (
          <BatchUpload maxBytes={plan.data?.maxBytes ?? 20 * 1024 * 1024} maxRows={plan.data?.maxRows ?? 100_000} />
        ) : (
          <Card withBorder padding="lg" radius="md">
            <Stack gap="sm" align="flex-start">
              <Text>Проверка файлом доступна после входа через Госуслуги.</Text>
              <Button component="a" href={loginUrl('/check')} variant="light">
                Войти через Госуслуги
              </Button>
            </Stack>
          </Card>
        )}
      </Stack>
    </Page>
  );
}

/** The quota line's place while it is asked for: as long as the line, so nothing moves when it arrives. */
function QuotaPlaceholder() {
  return (
    <Text size="sm" aria-hidden="true" style={{ visibility: 'hidden' }}>
      Осталось проверок сегодня: 20. Лимит обновится 01.01.2026 00:00 (МСК).
    </Text>
  );
}
