import { Alert, Button, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Stack, Text, Title } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { getStaffJobsQueryOptions, staffMessage, useRetryJob } from '../api';

/** The background jobs: each queue's depth, and the failed jobs with their errors and a retry. */
export function JobsPanel() {
  const jobs = useQuery(getStaffJobsQueryOptions());
  const retry = useRetryJob();
  if (!jobs.data) return <QueryState isPending={jobs.isPending} error={jobs.error} />;
  return (
    <Stack>
      <Text size="sm">
        Очереди с «.failed» в имени принимают задачи, у которых кончились попытки (недоставленные уведомления, переносы,
        не переданные в БДПН).
      </Text>
      <ScrollTable label="Очереди задач" minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Очередь</Table.Th>
              <Table.Th>Ждут</Table.Th>
              <Table.Th>Выполняются</Table.Th>
              <Table.Th>Не удались</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.queues.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>Очереди пусты.</Table.Td>
              </Table.Tr>
            ) : (
              jobs.data.queues.map((q) => (
                <Table.Tr key={q.queue}>
                  <Table.Td>{q.queue}</Table.Td>
                  <Table.Td>{q.waiting}</Table.Td>
                  <Table.Td>{q.active}</Table.Td>
                  <Table.Td>{q.failed}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Title order={2} size="h4">
        Неудавшиеся задачи
      </Title>
      {retry.error && <Alert color="red">{staffMessage(retry.error)}</Alert>}
      {jobs.data.failed.length === 0 ? (
        <Text>Неудавшихся задач нет.</Text>
      ) : (
        <ScrollTable label="Неудавшиеся задачи" minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Очередь</Table.Th>
                <Table.Th>Данные</Table.Th>
                <Table.Th>Ошибка</Table.Th>
                <Table.Th>Не удалась</Table.Th>
                <Table.Th>Действие</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.failed.map((j) => (
                <Table.Tr key={j.id}>
                  <Table.Td>{j.queue}</Table.Td>
                  <Table.Td>{j.data}</Table.Td>
                  <Table.Td>{j.error || '—'}</Table.Td>
                  <Table.Td>{j.failedAt ? formatDateTime(j.failedAt) : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => retry.mutate({ queue: j.queue, id: j.id })}
                    >
                      Повторить
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
