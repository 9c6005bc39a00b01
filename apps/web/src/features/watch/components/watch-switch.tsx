import { Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { userMessage } from '../../../lib/errors';
import { getWatchSwitchesQueryOptions, useSetWatch } from '../api';

/**
 * «Сообщать о попытках перенести номер» for one of the person's numbers. Only a number they showed is
 * theirs (Госуслуги, or an SMS code on an application) may be switched on; the switch says so.
 */
export function WatchSwitch({ msisdn }: { msisdn: string }) {
  const { data } = useQuery(getWatchSwitchesQueryOptions());
  const setWatch = useSetWatch();
  const current = data?.find((s) => s.msisdn === msisdn);
  if (!current) return null;
  const checked = setWatch.isPending ? setWatch.variables.enabled : current.enabled;
  const description = !current.confirmed
    ? 'Включить можно для номера, подтверждённого в Госуслугах или кодом из SMS.'
    : checked
      ? 'Письмо и SMS придут, если кто-то попробует перенести номер.'
      : undefined;
  return (
    <Switch
      checked={checked}
      disabled={setWatch.isPending || (!current.confirmed && !current.enabled)}
      onChange={(event) => setWatch.mutate({ msisdn, enabled: event.currentTarget.checked })}
      label="Сообщать о попытках перенести номер"
      description={description}
      error={setWatch.isError ? userMessage(setWatch.error) : undefined}
    />
  );
}
