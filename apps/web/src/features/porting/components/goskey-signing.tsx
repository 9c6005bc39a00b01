import { Alert, Button, Loader, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '../../../components/plain';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  getPortationSignatureQueryOptions,
  type PortationOrder,
  type PortationSignature,
  useAccountEvents,
  useStartSignature,
} from '../api';

/** The holder's name in a certificate's subject: its CN. */
function holderOf(subject: string): string {
  return /(?:^|, )CN=([^,]+)/.exec(subject)?.[1] ?? subject;
}

/** «14:35» of a moment, Moscow time. */
function clockOf(iso: string): string {
  return formatDateTime(iso).slice(-5);
}

/** What a signing that ended without a signature says, and what its button says. */
const ENDED: Record<'refused' | 'expired' | 'failed', { title: string; color: string }> = {
  refused: { title: 'Вы отказались подписывать заявление', color: 'orange' },
  expired: { title: 'Срок подписания истёк', color: 'orange' },
  failed: { title: 'Подпись не принята', color: 'red' },
};

/** The application signed and still the order's: the person may send it. */
export function isSigned(signature: PortationSignature | null | undefined): boolean {
  return signature?.status === 'signed' && signature.current;
}

/**
 * Step 3 with Goskey: instead of the consent tick, the application (with the terms and the consent) is
 * sent to the person's «Госключ» and signed there. While it waits, the page follows the answer through
 * the account's live stream; a refusal, a lapse after 15 minutes or a signature the site does not accept
 * is said in words, with a button to send it again.
 */
export function GoskeySigning({
  order,
  prepare,
  error,
  demo,
}: {
  order: PortationOrder;
  /** Checks and saves the form before the application is drawn for signing; false when something is missing. */
  prepare: () => Promise<boolean>;
  /** Why the application cannot be sent as it is (from the submit), beside the signing. */
  error?: string | undefined;
  /** The demo's stand-in of Госключ is on this site: link to it. */
  demo: boolean;
}) {
  // The answer comes through the live stream; a slow refetch covers a stream a proxy holds back.
  const signature = useQuery({
    ...getPortationSignatureQueryOptions(order.id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 15_000 : false),
  });
  const start = useStartSignature(order.id);
  const data = signature.data && signature.data.status !== 'none' ? signature.data : null;
  const pending = data?.status === 'pending';
  useAccountEvents(pending);

  const send = async () => {
    if (!(await prepare())) return;
    start.mutate();
  };
  const startError = start.data && !start.data.ok ? start.data.refusal.message : null;
  const busy = start.isPending;
  const base = `/api/v1/order/portation/${order.id}`;

  let body: ReactNode;
  if (signature.isPending) {
    body = <Loader size="sm" aria-label="Загрузка" />;
  } else if (pending && data) {
    body = (
      <Alert color="blue" title="Ждём вашу подпись в Госключе" data-testid="goskey-pending">
        <Stack gap="xs">
          <Text size="sm">
            Откройте приложение «Госключ» на телефоне: там ждёт заявление № {order.id}. Подпишите его до{' '}
            <b>{data.expiresAt ? clockOf(data.expiresAt) : ''}</b> (МСК) — эта страница обновится сама.
          </Text>
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Ожидаем ответ Госключа…
            </Text>
          </Group>
          {demo && (
            <Text size="xs" c="dimmed">
              Демонстрационный режим: приложение заменяет{' '}
              {/* The theme's green on the alert's blue is too faint: the link keeps the text's colour. */}
              <Anchor href="/goskey-standin/" target="_blank" size="xs" c="inherit" underline="always">
                тестовый Госключ
              </Anchor>
              .
            </Text>
          )}
        </Stack>
      </Alert>
    );
  } else if (data && isSigned(data) && data.certificate) {
    const c = data.certificate;
    body = (
      <Alert color="green" title="Заявление подписано в Госключе" data-testid="goskey-signed">
        <Stack gap="xs">
          <Text size="sm">
            Подписано {data.signedAt ? `${formatDateTime(data.signedAt)} (МСК)` : ''} квалифицированной электронной
            подписью: {holderOf(c.subject)}, сертификат № <span style={{ overflowWrap: 'anywhere' }}>{c.serial}</span>
            {c.validTo ? `, действует до ${formatDate(c.validTo)}` : ''}.
          </Text>
          <Group gap="md">
            <Anchor href={`${base}/application.pdf`} download size="sm">
              Подписанное заявление (PDF)
            </Anchor>
            <Anchor href={`${base}/application.pdf.sig`} download size="sm">
              Файл подписи (.sig)
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    const ended =
      data?.status === 'refused' || data?.status === 'expired' || data?.status === 'failed' ? ENDED[data.status] : null;
    const stale = data?.status === 'signed' && !data.current;
    body = (
      <Stack gap="sm" align="flex-start">
        {ended && data && (
          <Alert color={ended.color} title={ended.title} w="100%" data-testid={`goskey-${data.status}`}>
            {data.reason}
          </Alert>
        )}
        {stale && (
          <Alert color="orange" title="Заявление изменилось после подписи" w="100%" data-testid="goskey-stale">
            Вы изменили дату, тариф или способ получения SIM-карты: подпишите заявление ещё раз.
          </Alert>
        )}
        <Button onClick={() => void send()} loading={busy} size="md">
          {data ? 'Подписать ещё раз' : 'Подписать в Госключе'}
        </Button>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="goskey-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="goskey-title">
          Подпись в Госключе
        </Title>
        <Text size="sm">
          Заявление вместе с условиями договора и согласием на обработку персональных данных подписывается
          квалифицированной электронной подписью в приложении «Госключ» — в офис идти не нужно. На подпись даётся 15
          минут.
        </Text>
        {/* A change of the answer is read out where it is shown; the focus stays where the person is. */}
        <div aria-live="polite" data-testid="goskey">
          {body}
        </div>
        {(startError ?? error) && (
          <Text c="red" size="sm" role="alert" data-testid="goskey-error">
            {startError ?? error}
          </Text>
        )}
        {signature.isError && (
          <Text c="red" size="sm" role="alert">
            Не удалось узнать, подписано ли заявление: обновите страницу.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
