import { Alert, Button } from '@mantine/core';
import { formatDayInWords } from '@perenos/porting-rules';
import { Link } from 'wouter';
import { Group, Stack, Text } from '../../../components/plain';
import type { Refusal } from '../api';
import { applicationTitle } from '../status';

const TITLES: Record<string, string> = {
  'recently-ported': 'Номер недавно переносили',
  'open-order': 'По номеру уже идёт перенос',
  'draft-exists': 'Заявление уже начато',
  'not-mobile': 'Это не мобильный номер',
  'not-in-plan': 'Номера нет в плане нумерации',
  'holder-refused': 'Владелец номера отклонил ваше заявление',
};

/** Why the number cannot be ported now, and the way on: a date, or a link to the order that exists. */
export function RefusalAlert({ refusal }: { refusal: Refusal }) {
  const title =
    (refusal.refusal && TITLES[refusal.refusal]) ??
    (refusal.quotaExceeded ? 'Проверки на сегодня закончились' : 'Перенести номер сейчас нельзя');
  const yellow = refusal.refusal === 'draft-exists';
  return (
    <Alert color={yellow ? 'yellow' : 'red'} title={title} role="alert" data-testid="portation-refusal">
      <Stack gap="sm">
        <Text size="sm">{refusal.message}</Text>
        {refusal.refusal === 'recently-ported' && refusal.availableFrom && (
          <Text size="sm" fw={600}>
            Подать заявление можно с {formatDayInWords(refusal.availableFrom)}.
          </Text>
        )}
        {refusal.orderId !== undefined && (
          <Group>
            {refusal.refusal === 'draft-exists' ? (
              <Button component={Link} to={`/portation/${refusal.orderId}/tariffs`} size="sm">
                Продолжить {applicationTitle(refusal.orderId).toLowerCase()}
              </Button>
            ) : (
              <Button component={Link} to={`/portation/${refusal.orderId}/done`} size="sm" variant="light">
                Открыть {applicationTitle(refusal.orderId).toLowerCase()}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
