import { Button, Pagination, Select, Table, TextInput } from '@mantine/core';
import { AUDIT_GROUPS, readAudit } from '@perenos/porting-rules/back-office';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Group, Stack, Text } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { type AuditFilter, getStaffAuditQueryOptions } from '../api';

const ACTIONS = [
  { value: '', label: 'Все действия' },
  ...AUDIT_GROUPS.map((g) => ({ value: g.prefix, label: g.label })),
];

/** A datetime-local value (Moscow) as an instant. */
const moscow = (value: string) => (value ? new Date(`${value}:00+03:00`).toISOString() : undefined);

/**
 * The journal of staff actions, filtered by person, kind of action and time; each record in Russian from the
 * back office's table, what it changed as «было → стало» (decision 135).
 */
export function AuditLog() {
  const [draft, setDraft] = useState({ actorOid: '', action: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const log = useQuery(getStaffAuditQueryOptions(filter, page));
  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          label="Сотрудник (oid)"
          value={draft.actorOid}
          onChange={(e) => setDraft({ ...draft, actorOid: e.currentTarget.value.replace(/\D/g, '') })}
          maxLength={20}
        />
        <Select
          label="Действие"
          data={ACTIONS}
          value={draft.action}
          onChange={(v) => setDraft({ ...draft, action: v ?? '' })}
          allowDeselect={false}
        />
        <TextInput
          type="datetime-local"
          label="С (время Москвы)"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
        />
        <TextInput
          type="datetime-local"
          label="По (время Москвы)"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
        />
        <Button
          onClick={() => {
            setPage(1);
            setFilter({
              actorOid: draft.actorOid || undefined,
              action: draft.action || undefined,
              from: moscow(draft.from),
              to: moscow(draft.to),
            });
          }}
        >
          Показать
        </Button>
      </Group>
      {!log.data ? (
        <QueryState isPending={log.isPending} error={log.error} />
      ) : log.data.data.length === 0 ? (
        <Text>Записей нет.</Text>
      ) : (
        <>
          <ScrollTable label="Журнал действий" minWidth={800}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Когда</Table.Th>
                  <Table.Th>Кто</Table.Th>
                  <Table.Th>Действие</Table.Th>
                  <Table.Th>Над чем</Table.Th>
                  <Table.Th>Что изменилось</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((e) => {
                  const read = readAudit(e);
                  return (
                    <Table.Tr key={e.id}>
                      <Table.Td className="nowrap">{formatDateTime(e.at)}</Table.Td>
                      <Table.Td>
                        {e.actorName}
                        <Text size="sm" c="dimmed">
                          {e.actorOid === 'cli' ? 'командная строка' : `oid ${e.actorOid}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>{read.action}</Table.Td>
                      <Table.Td>{read.target}</Table.Td>
                      <Table.Td>
                        {read.changes.length === 0 ? (
                          '—'
                        ) : (
                          <Stack gap={2}>
                            {read.changes.map((line) => (
                              <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                                {line}
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {log.data.totalRows > 50 && (
            <Pagination total={Math.ceil(log.data.totalRows / 50)} value={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
