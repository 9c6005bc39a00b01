import { Pagination, SegmentedControl, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Badge, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { type FeedbackStatus, getStaffFeedbackQueryOptions } from '../api';

export const FEEDBACK_STATUS: Record<FeedbackStatus, { label: string; color: string }> = {
  new: { label: 'Новое', color: 'orange' },
  read: { label: 'Прочитано', color: 'blue' },
  handled: { label: 'Обработано', color: 'green' },
};

/** Messages from the contacts page, new ones first in view. */
export function FeedbackInbox() {
  const [status, setStatus] = useState<FeedbackStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const list = useQuery(getStaffFeedbackQueryOptions(status === 'all' ? undefined : status, page));
  const counts = list.data?.counts;
  return (
    <Stack>
      <SegmentedControl
        value={status}
        onChange={(v) => {
          setStatus(v as FeedbackStatus | 'all');
          setPage(1);
        }}
        data={[
          { value: 'new', label: `Новые${counts ? ` (${counts.new})` : ''}` },
          { value: 'read', label: `Прочитанные${counts ? ` (${counts.read})` : ''}` },
          { value: 'handled', label: `Обработанные${counts ? ` (${counts.handled})` : ''}` },
          { value: 'all', label: 'Все' },
        ]}
        aria-label="Какие обращения показать"
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
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
                      <Badge variant="light" color={FEEDBACK_STATUS[m.status].color}>
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
