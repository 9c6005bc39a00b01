import { Text } from '../../../components/plain';
import { formatDateTime } from '../../../lib/format';
import type { Quota } from '../api';

/** «Осталось проверок сегодня: 17. Лимит обновится 23.11.2026, 00:00 (МСК).» */
export function QuotaInfo({ quota }: { quota: Quota }) {
  return (
    <Text size="sm" c={quota.remainingCount === 0 ? 'red' : 'dimmed'} data-testid="lookup-quota">
      {quota.remainingCount === 0
        ? 'Проверки на сегодня закончились.'
        : `Осталось проверок сегодня: ${quota.remainingCount}.`}{' '}
      Лимит обновится {formatDateTime(quota.refreshAt)} (МСК).
    </Text>
  );
}
