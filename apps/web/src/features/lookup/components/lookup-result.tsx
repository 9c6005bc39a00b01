import { formatMsisdn } from '@perenos/phone';
import { formatDayInWords } from '@perenos/porting-rules';
import { Badge, Card, Group, Stack, Text, Title } from '../../../components/plain';
import type { MsisdnInfo } from '../api';

/** The answer for one number: who serves it now, where, and whether it was ported. */
export function LookupResult({ info }: { info: MsisdnInfo }) {
  return (
    <Card withBorder padding="lg" radius="md" aria-label="Результат проверки" data-testid="lookup-result">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {info.operatorLogo && (
          <img
            src={info.operatorLogo}
            alt={`Логотип: ${info.operatorName}`}
            width={64}
            height={64}
            style={{ borderRadius: 12, flex: 'none' }}
          />
        )}
        <Stack gap={6}>
          <Text c="dimmed" size="sm" className="nowrap">
            {formatMsisdn(info.msisdn)}
          </Text>
          <Title order={2} size="h3">
            {info.operatorName}
          </Title>
          <Text>{info.regionName ?? 'Регион не указан: номер выделен на всю страну'}</Text>
          {info.isPorted ? (
            <Group gap="xs">
              <Badge color="orange" variant="light" size="lg" tt="none">
                Номер перенесён
              </Badge>
              {info.lastPortation && <Text size="sm">{formatDayInWords(info.lastPortation)}</Text>}
            </Group>
          ) : (
            <Badge variant="light" size="lg" tt="none">
              Номер не переносился
            </Badge>
          )}
          {info.rangeHolder && (
            <Text size="sm" c="dimmed">
              Диапазон по реестру нумерации: {info.rangeHolder}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
