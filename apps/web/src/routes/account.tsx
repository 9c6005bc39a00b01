import { Button } from '@mantine/core';
import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { PageLoader } from '../app/route-table';
import card from '../components/card.module.css';
import { Page } from '../components/page';
import { Anchor, Badge, Card, SimpleGrid, Stack, Text } from '../components/plain';
import { QueryState } from '../components/query-state';
import { EraseMyData, getAccountInfoQueryOptions, getErasureQueryOptions, type MsisdnInfo } from '../features/account';
import { OperatorName } from '../features/operators';
import {
  ALERTS_PREVIEW_SIZE,
  AlertsPreview,
  getAlertsQueryOptions,
  getWatchSwitchesQueryOptions,
  WatchSwitch,
} from '../features/watch';
import classes from './account.module.css';

/** The person's numbers, the newest alerts, the watch's switches and whether the data can be erased now, asked together. */
export const loader: PageLoader = ({ queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(getAccountInfoQueryOptions()),
    queryClient.prefetchQuery(getAlertsQueryOptions(1, ALERTS_PREVIEW_SIZE)),
    queryClient.prefetchQuery(getWatchSwitchesQueryOptions()),
    queryClient.prefetchQuery(getErasureQueryOptions()),
  ]);

function NumberCard({ info }: { info: MsisdnInfo }) {
  const operator =
    info.operatorId !== null && info.operatorLogo !== null && info.operatorName !== null
      ? { operatorId: info.operatorId, operatorLogo: info.operatorLogo, operatorName: info.operatorName }
      : null;
  return (
    <article className={`${card.root} ${card.lg}`} aria-label={formatMsisdn(info.msisdn)}>
      <div className={classes.body}>
        <div className={classes.head}>
          <p className={classes.msisdn}>{formatMsisdn(info.msisdn)}</p>
          {info.isEsiaMsisdn && (
            <Badge
              variant="light"
              title="Номер подтверждён в Госуслугах"
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              Госуслуги
            </Badge>
          )}
        </div>
        <OperatorName operator={operator} size={32} />
        <p className={classes.region}>{info.regionName ?? 'Регион не известен'}</p>
        <p className={classes.portation}>
          {info.lastPortation
            ? `Последний перенос: ${formatDayInWords(info.lastPortation)}`
            : 'Номер ещё не переносили'}
        </p>
        <div className={classes.links}>
          <Button component={Link} to={`/account/${info.msisdn}/orders`} variant="light" size="sm">
            Заявления
          </Button>
          <Button component={Link} to={`/account/${info.msisdn}/portations`} variant="light" size="sm">
            Переносы
          </Button>
        </div>
        <WatchSwitch msisdn={info.msisdn} />
      </div>
    </article>
  );
}

export default function AccountPage() {
  const { data, isPending, error } = useQuery(getAccountInfoQueryOptions());
  return (
    <Page
      title="Личный кабинет"
      description="Ваши номера, заявления на перенос и история переносов."
      lead={data ? `Здравствуйте, ${data.userName}` : undefined}
    >
      <QueryState isPending={isPending} error={error} />
      {data && <AlertsPreview />}
      {data && data.msisdns.length === 0 && (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text fw={600}>Номеров пока нет</Text>
            <Text c="dimmed">
              В Госуслугах нет подтверждённых мобильных номеров, и заявлений на перенос вы ещё не подавали. Подтвердите
              номер в профиле Госуслуг или подайте заявление на перенос.
            </Text>
            <Anchor component={Link} to="/portation">
              Перенести номер
            </Anchor>
          </Stack>
        </Card>
      )}
      {data && data.msisdns.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {data.msisdns.map((info) => (
            <NumberCard key={info.msisdn} info={info} />
          ))}
        </SimpleGrid>
      )}
      {data && <EraseMyData />}
    </Page>
  );
}
