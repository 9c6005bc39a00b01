import { Button, Modal, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Group, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { OperatorLogo } from '../../operators';
import { getConvergenceServicesQueryOptions, getMediaServicesQueryOptions } from '../../settings';
import { getTariffQueryOptions, type TariffDetail } from '../api';
import { formatAllowance, formatMonthly, formatUnitPrice, KIND_LABEL } from '../format';

/**
 * Names of the included services, from the lists loaded once per visit; asked for only where they are
 * shown (`shown`: a closed card shows none, and a region's page is drawn without them).
 */
export function useServiceNames(shown = true) {
  const { data: media } = useQuery({ ...getMediaServicesQueryOptions(), enabled: shown });
  const { data: convergence } = useQuery({ ...getConvergenceServicesQueryOptions(), enabled: shown });
  const names = (list: { id: number; name: string }[] | undefined, ids: number[]) =>
    ids.map((id) => list?.find((s) => s.id === id)?.name ?? `№${id}`);
  return {
    media: (ids: number[]) => names(media, ids),
    convergence: (ids: number[]) => names(convergence, ids),
  };
}

/** The price of a tariff in a region, from its list of regional prices. */
export function priceIn(t: TariffDetail, regionCode: number): number | undefined {
  return t.regions.find((r) => r.regionCode === regionCode)?.price;
}

interface Props {
  id: number | undefined;
  regionCode: number;
  compared: boolean;
  compareDisabled: boolean;
  onToggleCompare: (id: number) => void;
  onClose: () => void;
}

/** Everything about one tariff: allowances, prices beyond them, included services, where to buy it. */
export function TariffDetailModal({ id, regionCode, compared, compareDisabled, onToggleCompare, onClose }: Props) {
  const {
    data: t,
    isPending,
    error,
  } = useQuery({
    ...getTariffQueryOptions(id ?? 0),
    enabled: id !== undefined,
  });
  const services = useServiceNames(id !== undefined);
  const price = t ? priceIn(t, regionCode) : undefined;
  const extra = t?.kind === 'Package' ? ' сверх пакета' : '';
  return (
    <Modal
      opened={id !== undefined}
      onClose={onClose}
      title={t ? t.name : 'Тариф'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Закрыть описание тарифа' }}
    >
      <QueryState isPending={id !== undefined && isPending} error={error} />
      {t && (
        <Stack gap="md">
          <Group gap="md">
            <OperatorLogo src={t.operatorLogo} name={t.operatorName} size={48} />
            <Stack gap={2}>
              <Text fw={600}>{t.operatorName}</Text>
              <Badge variant="light">{KIND_LABEL[t.kind]}</Badge>
            </Stack>
            <Text fw={700} size="xl" ml="auto">
              {price === undefined ? 'не продаётся в регионе' : formatMonthly(price)}
            </Text>
          </Group>
          {t.description && <Text>{t.description}</Text>}
          {t.isArchived && <Text c="red">Архивный тариф: подключить его больше нельзя.</Text>}
          <Table>
            <Table.Tbody>
              {t.kind === 'Package' && (
                <>
                  <Table.Tr>
                    <Table.Th>Минуты</Table.Th>
                    <Table.Td>{formatAllowance(t.minutes, t.minutesUnlim, 'мин')}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>SMS</Table.Th>
                    <Table.Td>{formatAllowance(t.sms, t.smsUnlim, 'SMS')}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Интернет</Table.Th>
                    <Table.Td>{formatAllowance(t.traffic, t.trafficUnlim, 'ГБ')}</Table.Td>
                  </Table.Tr>
                </>
              )}
              <Table.Tr>
                <Table.Th>Минута{extra}</Table.Th>
                <Table.Td>{formatUnitPrice(t.minutePrice)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>SMS{extra}</Table.Th>
                <Table.Td>{formatUnitPrice(t.smsPrice)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Мегабайт{extra}</Table.Th>
                <Table.Td>{formatUnitPrice(t.mbPrice)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Подписки</Table.Th>
                <Table.Td>{services.media(t.mediaServiceIds).join(', ') || '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Домашние услуги</Table.Th>
                <Table.Td>{services.convergence(t.convergenceServiceIds).join(', ') || '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Продаётся в регионах</Table.Th>
                <Table.Td>{t.regions.length}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            Обновлено {formatDate(t.updatedAt)}
          </Text>
          <Group justify="space-between">
            {t.url ? (
              <Anchor href={t.url} target="_blank" rel="noopener noreferrer">
                Сайт оператора
              </Anchor>
            ) : (
              <span />
            )}
            <Button
              variant={compared ? 'light' : 'filled'}
              disabled={compareDisabled && !compared}
              onClick={() => onToggleCompare(t.id)}
            >
              {compared ? 'Убрать из сравнения' : 'Добавить к сравнению'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
