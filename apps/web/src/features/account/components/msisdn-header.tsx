import { Breadcrumbs, Tabs } from '@mantine/core';
import { formatDayInWords } from '@perenos/porting-rules';
import { Link, useLocation } from 'wouter';
import { Msisdn } from '../../../components/msisdn';
import { Anchor, Group, Stack, Text } from '../../../components/plain';
import { OperatorName } from '../../operators';
import type { MsisdnInfo } from '../api';

/** The phone-number header of the account pages: the number, its operator and region, and the two lists. */
export function MsisdnHeader({
  msisdn,
  info,
  tab,
}: {
  msisdn: string;
  info: MsisdnInfo | undefined;
  tab?: 'orders' | 'portations';
}) {
  const [, navigate] = useLocation();
  return (
    <Stack gap="sm">
      <Breadcrumbs>
        <Anchor component={Link} to="/account">
          Личный кабинет
        </Anchor>
        <Text>
          <Msisdn value={msisdn} />
        </Text>
      </Breadcrumbs>
      {info && (
        <Group gap="lg">
          <OperatorName
            operator={
              info.operatorId !== null && info.operatorLogo !== null && info.operatorName !== null
                ? { operatorId: info.operatorId, operatorLogo: info.operatorLogo, operatorName: info.operatorName }
                : null
            }
            size={32}
          />
          {info.regionName && <Text c="dimmed">{info.regionName}</Text>}
          {info.lastPortation && <Text c="dimmed">Последний перенос: {formatDayInWords(info.lastPortation)}</Text>}
        </Group>
      )}
      {tab && (
        <Tabs value={tab} onChange={(value) => navigate(`/account/${msisdn}/${value}`)}>
          <Tabs.List>
            <Tabs.Tab value="orders">Заявления</Tabs.Tab>
            <Tabs.Tab value="portations">Переносы</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
    </Stack>
  );
}
