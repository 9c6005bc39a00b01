import { Group, Text } from '@mantine/core';
import { OperatorLogo } from '../../operators';
import type { AccountOperator } from '../api';

/** An operator with its logo, or a dash when unknown. */
export function OperatorName({ operator, size = 24 }: { operator: AccountOperator | null; size?: number }) {
  if (!operator) return <Text c="dimmed">—</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <OperatorLogo src={operator.operatorLogo} name={operator.operatorName} size={size} />
      <Text size="sm">{operator.operatorName}</Text>
    </Group>
  );
}
