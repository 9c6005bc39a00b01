import type { ReactNode } from 'react';
import { Stack, Text } from './plain';

/** A labelled value of a summary card: the label small and dimmed above it; `strong` sets the value in medium weight. */
export function Fact({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {strong ? <Text fw={500}>{children}</Text> : <div>{children}</div>}
    </Stack>
  );
}
