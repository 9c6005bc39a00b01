import { Alert, Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { Anchor, Group, Stack, Text } from '../../../components/plain';
import { draftStepUrl, useRefilePortation } from '../api';
import { refusalAdvice } from '../refusal-advice';

interface EndedAdviceProps {
  /** The timeline: who ended the application and in what words. */
  events: { kind: string; description: string }[];
  /** The order's own reason, when the page has it. */
  reason?: string | null;
  /** The number, for a new application of it. */
  msisdn: string;
  /** The ended application: «Подать заново» files it again with the same choices (the server decides). */
  orderId?: number | null | undefined;
}

/** Why a porting will not happen and what to do next, with the way to file it again. */
export function EndedAdvice({ events, reason, msisdn, orderId }: EndedAdviceProps) {
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
        {advice?.refile === false ? null : orderId ? (
          <Refile orderId={orderId} msisdn={msisdn} />
        ) : (
          <Group>
            <Button component={Link} to={`/portation/init?msisdn=${msisdn}`} size="sm" variant="light">
              Подать заявление заново
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** «Подать заново»: a new draft with the same choices, then its next step; a refusal is said in place. */
function Refile({ orderId, msisdn }: { orderId: number; msisdn: string }) {
  const [, navigate] = useLocation();
  const refile = useRefilePortation(orderId);
  const refusalRef = useRef<HTMLDivElement>(null);
  const refused = refile.data && !refile.data.ok ? refile.data.refusal : null;
  useEffect(() => {
    if (refused) refusalRef.current?.focus();
  }, [refused]);
  const run = async () => {
    const result = await refile.mutateAsync();
    if (result.ok) navigate(draftStepUrl(result.data));
  };
  return (
    <Stack gap="xs">
      <Text size="sm">
        «Подать заново» создаст новое заявление с тем же оператором, тарифом, способом получения SIM-карты и почтой — на
        ближайшую дату. Останется проверить его и отправить.
      </Text>
      <Group>
        <Button size="sm" onClick={() => void run()} loading={refile.isPending} data-testid="refile">
          Подать заново
        </Button>
      </Group>
      {refused && (
        <Alert
          color="red"
          title="Подать заново пока нельзя"
          role="alert"
          ref={refusalRef}
          tabIndex={-1}
          data-testid="refile-refusal"
        >
          <Stack gap={4}>
            <Text size="sm">{refused.message}</Text>
            {refused.orderId ? (
              <Anchor
                component={Link}
                to={`/portation/${refused.orderId}/${refused.refusal === 'open-order' ? 'done' : 'tariffs'}`}
                size="sm"
              >
                Открыть заявление № {refused.orderId}
              </Anchor>
            ) : (
              refused.availableFrom === undefined && (
                <Anchor component={Link} to={`/portation/init?msisdn=${msisdn}`} size="sm">
                  Начать новое заявление
                </Anchor>
              )
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
