import { Button, TextInput } from '@mantine/core';
import { formatMsisdn } from '@perenos/phone';
import { useState } from 'react';
import { Group, Stack, Text } from '../../../components/plain';
import { userMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useConfirmWatchCode, useSendWatchCode } from '../api';

/**
 * «Получить код» under the switch of a number no proof covers: an SMS code to the number, typed here,
 * confirms it for 30 days and switches its watch on.
 */
export function WatchCode({ msisdn }: { msisdn: string }) {
  const send = useSendWatchCode();
  const confirm = useConfirmWatchCode();
  const [code, setCode] = useState('');
  const sent = send.data;
  const number = formatMsisdn(msisdn);
  return (
    <Stack gap="xs" mt="xs">
      {!sent ? (
        <Group gap="sm">
          <Button
            size="xs"
            variant="light"
            onClick={() => send.mutate(msisdn)}
            loading={send.isPending}
            aria-label={`Получить код на номер ${number}`}
          >
            Получить код
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate({ msisdn, code });
          }}
        >
          <Stack gap="xs">
            <Text size="sm">
              Код отправлен в SMS на номер {number}. Он действует до {formatDateTime(sent.expiresAt)} (МСК).
            </Text>
            <Group gap="sm" align="flex-end">
              <TextInput
                label={`Код из SMS для номера ${number}`}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                w={180}
                error={confirm.isError ? userMessage(confirm.error) : undefined}
              />
              <Button type="submit" size="sm" loading={confirm.isPending}>
                Подтвердить номер
              </Button>
              <Button
                size="sm"
                variant="subtle"
                onClick={() => {
                  confirm.reset();
                  send.mutate(msisdn);
                }}
                loading={send.isPending}
              >
                Новый код
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {send.isError && (
        <Text c="red.8" size="sm" role="alert">
          {userMessage(send.error)}
        </Text>
      )}
    </Stack>
  );
}
