import { Button, Pagination, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Group, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { getStaffNewsQueryOptions } from '../api';
import { StoryStateBadge } from './state-badge';

/** Every story, drafts included, newest first by the story's date (a draft's is the day it was started). */
export function NewsList() {
  const [page, setPage] = useState(1);
  const list = useQuery(getStaffNewsQueryOptions(page));
  return (
    <Stack>
      <Group>
        <Button component={Link} to="/staff/news/new">
          Новая новость
        </Button>
      </Group>
      {!list.data ? (
        <QueryState isPending={list.isPending} error={list.error} />
      ) : (
        <>
          <ScrollTable label="Новости" minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Заголовок</Table.Th>
                  <Table.Th>Состояние</Table.Th>
                  <Table.Th>Дата публикации</Table.Th>
                  <Table.Th>Изменена</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/staff/news/${s.id}`}>
                        {s.title}
                      </Anchor>
                      {/* A long address breaks anywhere rather than squeezing the state column. */}
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        /story/{s.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StoryStateBadge state={s.state} />
                    </Table.Td>
                    <Table.Td>{s.state === 'draft' ? '—' : formatDateTime(s.publishedAt)}</Table.Td>
                    <Table.Td>{formatDateTime(s.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {list.data.totalRows > 20 && (
            <Pagination
              total={Math.ceil(list.data.totalRows / 20)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница',
              })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
