import { Button, Pagination, Table } from '@mantine/core';
import { FEEDBACK_STATE_NAMES } from '@perenos/porting-rules/back-office';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Badge, Group, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { type FeedbackStatus, getStaffFeedbackQueryOptions } from '../api';

export const FEEDBACK_STATUS: Record<FeedbackStatus, { label: string; color: string }> = {
  new: { label: FEEDBACK_STATE_NAMES.new, color: 'orange' },
  read: { label: FEEDBACK_STATE_NAMES.read, color: 'blue' },
  handled: { label: FEEDBACK_STATE_NAMES.handled, color: 'green' },
};

/** Messages from the contacts page, new ones first in view. */
export function FeedbackInbox() {
  const [status, setStatus] = useState<FeedbackStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const list = useQuery(getStaffFeedbackQueryOptions(status === 'all' ? undefined : status, page));
  const counts = list.data?.counts;
  return (
    <Stack>
      {/* Buttons that wrap, not a segmented control: on a phone its fourth segment was cut («Обработанные (0»). */}
      <Group gap="xs" role="group" aria-label="Какие обращения показать">
        {[
          { value: 'new', label: `Новые${counts ? ` (${counts.new})` : ''}` },
          { value: 'read', label: `Прочитанные${counts ? ` (${counts.read})` : ''}` },
          { value: 'handled', label: `Обработанные${counts ? ` (${counts.handled})` : ''}` },
          { value: 'all', label: 'Все' },
        ].map((option) => (
          <Button
            key={option.value}
            size="compact-md"
            variant={status === option.value ? 'filled' : 'default'}
            aria-pressed={status === option.value}
            onClick={() => {
              setStatus(option.value as FeedbackStatus | 'all');
              setPage(1);
            }}
          >
            {option.label}
          </Button>
        ))}
      </Group>
      {!list.data ? (
        <QueryState isPending={list.isPending} error={list.error} />
      ) : list.data.data.length === 0 ? (
        <Text>Обращений нет.</Text>
      ) : (
        <>
          <ScrollTable label="Обращения" minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>№</Table.Th>
                  <Table.Th>Получено</Table.Th>
                  <Table.Th>От кого</Table.Th>
                  <Table.Th>Тема</Table.Th>
                  <Table.Th>Состояние</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/staff/feedback/${m.id}`}>
                        № {m.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
                    <Table.Td>{m.name}</Table.Td>
                    <Table.Td>{m.topic}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={FEEDBACK_STATUS[m.status].color}
                        style={{ minWidth: 'max-content' }}
                      >
                        {FEEDBACK_STATUS[m.status].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {list.data.totalRows > 20 && (
            <Pagination total={Math.ceil(list.data.totalRows / 20)} value={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
