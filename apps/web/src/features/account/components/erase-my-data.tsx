import { Alert, Button, List, Modal } from '@mantine/core';
import { formatMsisdn } from '@perenos/phone';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Card, Group, Stack, Text, Title } from '../../../components/plain';
import { api } from '../../../lib/api';
import { userMessage } from '../../../lib/errors';

/** Where the browser goes after the erasure: a page of its own saying what is gone and what stays (routes/data-erased.tsx). */
export const ERASED_URL = '/account/erased';

/** What «Удалить мои данные» erases, in the words the dialog shows. */
export const ERASED_ITEMS = [
  'профиль: ФИО, дату рождения и почту из Госуслуг;',
  'паспортные данные и адреса доставки SIM-карт из заявлений;',
  'номера в личном кабинете, настройки «Сообщать о попытках перенести номер» и оповещения;',
  'все сеансы входа — вы выйдете с сайта на всех устройствах.',
] as const;

/** The same, said once it is done (the page after it): the sessions are gone already. */
export const ERASED_DONE = [...ERASED_ITEMS.slice(0, -1), 'все сеансы входа на всех устройствах.'] as const;

/** What stays after «Удалить мои данные», and for how long (docs/privacy.md): said on the page after it. */
export const KEPT_AFTER_ERASURE = [
  {
    what: 'История заявлений и переносов — обезличенной',
    how: 'номер, операторы, даты и ход переноса, без имени, паспорта, адресов и почты. Она нужна для правила 60 дней между переносами и для статистики и хранится без срока.',
  },
  {
    what: 'Сообщения, отправленные через форму «Контакты»',
    how: '365 дней со дня отправки, затем удаляются целиком.',
  },
  {
    what: 'Журнал действий сотрудников сайта',
    how: 'записи о том, кто из сотрудников смотрел или менял данные; сайт их не меняет и не удаляет.',
  },
  {
    what: 'Заявления, уже переданные в центральную базу перенесённых номеров и операторам',
    how: 'хранятся у них по их правилам: сайт не может удалить их копии.',
  },
] as const;

/** Whether «Удалить мои данные» can be done now, and the portings under way that hold it. */
export const getErasureQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'erasure'],
    queryFn: async () => api.get('/api/v1/account/erasure'),
  });

/**
 * «Удалить мои данные» behind a dialog that says what is erased, what stays and when it is refused.
 * A refusal (a porting under way) is the server's own Russian text, in the dialog. After the erasure
 * the whole page is loaded afresh: nothing of the person stays in this tab's memory.
 */
export function EraseMyData() {
  const [open, setOpen] = useState(false);
  // Whether a porting under way holds the data now: then the way on is said instead of the button.
  const erasure = useQuery(getErasureQueryOptions());
  const running = erasure.data?.running ?? [];
  // A refusal is said in the dialog, not as a notification too: the mutation answers it, never throws.
  const erase = useMutation({
    mutationFn: async (): Promise<{ ok: true } | { ok: false; message: string }> => {
      try {
        await api.delete('/api/v1/account');
        return { ok: true };
      } catch (error) {
        return { ok: false, message: userMessage(error) };
      }
    },
    onSuccess: (result) => {
      if (result.ok) window.location.assign(ERASED_URL);
    },
  });
  const refused = erase.data && !erase.data.ok ? erase.data.message : null;
  const close = () => {
    if (erase.isPending) return;
    setOpen(false);
    erase.reset();
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="erase-title" id="erase">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="erase-title">
          Удалить мои данные
        </Title>
        <Text size="sm">
          Сайт хранит ваши данные, пока они нужны для переноса, и удаляет паспорт и адреса через 30 дней после его
          завершения. Удалить всё можно и раньше — когда у вас нет незавершённого переноса.
        </Text>
        {running.length > 0 ? (
          <Alert color="yellow" title="Сейчас удалить данные нельзя" data-testid="erase-waits">
            <Stack gap={4}>
              <Text size="sm">
                Идёт перенос номера: новый оператор и центральная база должны знать, кто подал заявление. Удалить данные
                можно, когда перенос завершится, или отзовите заявление, пока это возможно.
              </Text>
              {running.map((r) => (
                <Text size="sm" key={r.id}>
                  <Link href={`/portation/${r.id}/done`}>
                    Заявление № {r.id}, номер {formatMsisdn(r.msisdn)}
                  </Link>
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : (
          <Button
            color="red"
            variant="light"
            onClick={() => setOpen(true)}
            disabled={!erasure.data}
            data-testid="erase-open"
          >
            Удалить мои данные
          </Button>
        )}
      </Stack>
      <Modal
        opened={open}
        onClose={close}
        title="Удалить мои данные?"
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Закрыть, ничего не удаляя' }}
      >
        <Stack gap="sm">
          <Text size="sm">Мы удалим:</Text>
          <List size="sm" spacing={4}>
            {ERASED_ITEMS.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <Text size="sm">
            История заявлений и переносов останется обезличенной: без имени, паспорта и адресов. Подтверждение придёт
            письмом на почту из Госуслуг. Войти на сайт снова можно в любой момент — как новый пользователь.
          </Text>
          <Text size="sm" fw={600}>
            Пока идёт перенос номера, удалить данные нельзя: дождитесь его завершения или отзовите заявление, пока это
            возможно.
          </Text>
          {refused && (
            <Alert color="red" title="Данные не удалены" role="alert" data-testid="erase-refusal">
              {refused}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={erase.isPending}>
              Отмена
            </Button>
            <Button
              color="red"
              onClick={() => erase.mutate()}
              loading={erase.isPending || erase.data?.ok === true}
              data-testid="erase-confirm"
            >
              Удалить данные
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
