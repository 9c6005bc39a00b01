import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Anchor, Group, Stack, Title } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { getAlertsQueryOptions } from '../api';
import { AlertList } from './alert-list';

/** Newest alerts on the account's overview (the account page's loader asks for as many). */
export const ALERTS_PREVIEW_SIZE = 2;

/** The account overview's «Оповещения» section: the newest alerts and the way to all of them. */
export function AlertsPreview() {
  const { data, isPending, error } = useQuery(getAlertsQueryOptions(1, ALERTS_PREVIEW_SIZE));
  return (
    <Stack gap="sm" component="section" aria-labelledby="alerts-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="alerts-heading">
          Оповещения
        </Title>
        {data && data.totalRows > 0 && (
          <Anchor component={Link} to="/account/alerts">
            Все оповещения ({data.totalRows})
          </Anchor>
        )}
      </Group>
      <QueryState isPending={isPending} error={error} />
      {data && (
        <AlertList
          alerts={data.data}
          headingOrder={3}
          empty="Оповещений нет. Включите «Сообщать о попытках перенести номер» у своего номера — и сразу узнаете, если кто-то попробует его перенести."
        />
      )}
    </Stack>
  );
}
