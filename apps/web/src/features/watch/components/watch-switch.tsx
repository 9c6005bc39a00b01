import { Switch } from '@mantine/core';
import { formatMsisdn } from '@perenos/phone';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userMessage } from '../../../lib/errors';
import { getWatchSwitchesQueryOptions, useSetWatch } from '../api';
import { WatchCode } from './watch-code';

/**
 * «Сообщать о попытках перенести номер» for one of the person's numbers. Only a number they showed is
 * theirs (Госуслуги, or an SMS code on an application) may be switched on; the switch says so.
 */
export function WatchSwitch({ msisdn }: { msisdn: string }) {
  const { data } = useQuery(getWatchSwitchesQueryOptions());
  const setWatch = useSetWatch();
  // What the person asked for, shown from the click until the server's answer is in the list: the
  // mutation's own pending state arrives a moment after the click, and the switch sprang back meanwhile.
  const [asked, setAsked] = useState<boolean | null>(null);
  const current = data?.find((s) => s.msisdn === msisdn);
  if (!current) return null;
  const checked = asked ?? current.enabled;
  const description = !current.confirmed
    ? 'Включить можно для номера, подтверждённого в Госуслугах или кодом из SMS: получите код на этот номер.'
    : checked
      ? 'Письмо и SMS придут, если кто-то попробует перенести номер.'
      : undefined;
  return (
    <>
      <Switch
        checked={checked}
        disabled={setWatch.isPending || (!current.confirmed && !current.enabled)}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          setAsked(enabled);
          setWatch.mutate({ msisdn, enabled }, { onSettled: () => setAsked(null) });
        }}
        label="Сообщать о попытках перенести номер"
        // The account lists several numbers, each with its switch: the name says whose it is.
        aria-label={`Сообщать о попытках перенести номер ${formatMsisdn(msisdn)}`}
        description={description}
        error={setWatch.isError ? userMessage(setWatch.error) : undefined}
      />
      {!current.confirmed && <WatchCode msisdn={msisdn} />}
    </>
  );
}
