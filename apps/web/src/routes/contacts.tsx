import { Alert, Button, Select, Textarea, TextInput } from '@mantine/core';
import { ApiError } from '@perenos/api-client';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { Page } from '../components/page';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '../components/plain';
import {
  Captcha,
  FEEDBACK_TOPICS,
  type FeedbackForm,
  type FeedbackTopic,
  sendFeedback,
  validateFeedback,
} from '../features/feedback';
import { userMessage } from '../lib/errors';

const EMPTY: FeedbackForm = { name: '', email: '', topic: 'Перенос номера', message: '' };

/** Field messages of a 400 answer, by field name. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.result as { errors?: Record<string, string[]> } | null;
  return Object.fromEntries(Object.entries(body?.errors ?? {}).map(([field, messages]) => [field, messages.join(' ')]));
}

export default function ContactsPage() {
  const [form, setForm] = useState<FeedbackForm>(EMPTY);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [checked, setChecked] = useState<Partial<Record<keyof FeedbackForm, string>>>({});
  const mutation = useMutation({
    mutationFn: (payload: string) => sendFeedback(form, payload),
    onSuccess: () => setForm(EMPTY),
    // A solved puzzle is spent by a send that reached the captcha check; a field the server refused
    // before it (a 400 without an altcha message) leaves the solution unspent, so the visitor keeps it.
    onSettled: (_data, error) => {
      const fieldsOnly = error && Object.keys(fieldErrors(error)).length > 0 && !fieldErrors(error).altcha;
      if (fieldsOnly) return;
      setCaptcha(null);
      setCaptchaReset((n) => n + 1);
    },
  });
  // The form's own check first (one specific message per field), then the server's.
  const errors: Record<string, string | undefined> = { ...fieldErrors(mutation.error), ...checked };
  const set = (field: keyof FeedbackForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setChecked((c) => ({ ...c, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateFeedback(form);
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    if (captcha) mutation.mutate(captcha);
  };

  return (
    <Page
      title="Контакты"
      description="Обратная связь: задайте вопрос о переносе номера, проверке номера, тарифах или личном кабинете."
      lead="Задайте вопрос — ответим на указанную почту, обычно в течение рабочего дня."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label="Форма обратной связи">
          <Stack gap="md">
            {mutation.isSuccess && (
              <Alert color="green" title="Сообщение отправлено">
                Спасибо! Номер обращения — {mutation.data?.id}. Ответ придёт на указанную почту.
              </Alert>
            )}
            {mutation.isError && !Object.entries(errors).some(([f, m]) => f !== 'altcha' && m) && (
              <Alert color="red" title="Сообщение не отправлено">
                {errors.altcha ?? userMessage(mutation.error)}
              </Alert>
            )}
            <TextInput
              label="Имя"
              required
              maxLength={100}
              value={form.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errors.name}
              autoComplete="name"
            />
            <TextInput
              label="Электронная почта"
              required
              type="email"
              maxLength={200}
              value={form.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
              autoComplete="email"
            />
            <Select
              label="Тема"
              required
              data={[...FEEDBACK_TOPICS]}
              value={form.topic}
              onChange={(value) => value && set('topic')(value as FeedbackTopic)}
              error={errors.topic}
              allowDeselect={false}
            />
            <Textarea
              label="Сообщение"
              required
              minRows={5}
              autosize
              maxLength={5000}
              value={form.message}
              onChange={(e) => set('message')(e.currentTarget.value)}
              error={errors.message}
              description="Не пишите паспортные данные и пароли: они не нужны, чтобы ответить на вопрос."
            />
            <Captcha onChange={setCaptcha} resetKey={captchaReset} />
            <Button type="submit" disabled={!captcha} loading={mutation.isPending}>
              Отправить
            </Button>
            {!captcha && (
              <Text size="sm" c="dimmed">
                Чтобы отправить сообщение, отметьте «Я не робот» выше.
              </Text>
            )}
          </Stack>
        </Card>
        <Stack gap="md">
          <Title order={2} size="h3">
            Прежде чем писать
          </Title>
          <Text>
            Ответы на частые вопросы — в разделе{' '}
            <Anchor component={Link} to="/faq">
              «Вопросы и ответы»
            </Anchor>
            , правила переноса — на странице{' '}
            <Anchor component={Link} to="/about">
              «О переносе номера»
            </Anchor>
            .
          </Text>
          <Text>
            По вопросам связи, оплаты и договора обращайтесь к своему оператору: мы не видим ваш счёт и не можем
            изменить тариф.
          </Text>
          <Text size="sm" c="dimmed">
            Защита от спама — ALTCHA: браузер решает небольшую задачу на нашем сервере, сторонние сервисы не
            используются.
          </Text>
        </Stack>
      </SimpleGrid>
    </Page>
  );
}
