import { Group, Text } from '../../../components/plain';
import { OperatorLogo } from './operator-logo';

/** An operator as the account and the porting answers name it. */
export interface NamedOperator {
  operatorId: number;
  operatorName: string;
  operatorLogo: string;
}

/** An operator with its logo, or a dash when unknown. */
export function OperatorName({ operator, size = 24 }: { operator: NamedOperator | null; size?: number }) {
  if (!operator) return <Text c="dimmed">—</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <OperatorLogo src={operator.operatorLogo} name={operator.operatorName} size={size} />
      <Text size="sm">{operator.operatorName}</Text>
    </Group>
  );
}
