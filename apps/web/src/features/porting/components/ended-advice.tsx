import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { refusalAdvice } from '../refusal-advice';

interface EndedAdviceProps {
  /** The timeline: who ended the application and in what words. */
  events: { kind: string; description: string }[];
  /** The order's own reason, when the page has it. */
  reason?: string | null;
  /** The number, for a new application of it. */
  msisdn: string;
}

/** Why a porting will not happen and what to do next, with the way to a new application. */
export function EndedAdvice({ events, reason, msisdn }: EndedAdviceProps) {
  const advice = refusalAdvice(events);
  const said = reason ?? advice?.cause;
  if (!advice && !said) return null;
  return (
    <Alert
      color={advice?.fileAgain === false ? 'gray' : 'red'}
      title={advice?.title ?? 'Перенос не состоится'}
      data-testid="order-reason"
    >
      <Stack gap="sm">
        {said && <Text size="sm">{said}</Text>}
        {advice && (
          <Text size="sm" fw={600} data-testid="refusal-advice">
            {advice.text}
          </Text>
        )}
        <Group>
          <Button component={Link} to={`/portation/init?msisdn=${msisdn}`} size="sm" variant="light">
            Подать заявление заново
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
