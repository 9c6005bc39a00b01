import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '../../../components/plain';

export interface RecordCard {
  key: string | number;
  title: ReactNode;
  badge?: ReactNode;
  fields: { label: string; value: ReactNode }[];
}

/**
 * A list of records as cards, for phones: the same rows as the account tables, read top to bottom
 * instead of scrolled sideways. Shown below the `sm` breakpoint, where the table is hidden.
 */
export function RecordCards({ records, label }: { records: RecordCard[]; label: string }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {records.map((record) => (
        <Card key={record.key} withBorder padding="md" component="li">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{record.title}</Text>
              {record.badge}
            </Group>
            {record.fields.map(({ label: name, value }) => (
              <Group key={name} gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed">
                  {name}
                </Text>
                <Text size="sm" ta="right" component="div">
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
