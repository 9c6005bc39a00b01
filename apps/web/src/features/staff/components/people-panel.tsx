import { Alert, Button, Paper, Select, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Group, Stack, Text, Title } from '../../../components/plain';
import { QueryState } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { getStaffPeopleQueryOptions, type StaffRole, staffMessage, useRoleChange } from '../api';
import { ROLE_NAMES } from './staff-frame';

const ROLES = Object.keys(ROLE_NAMES) as StaffRole[];

/** Who holds which role; admins grant and take roles here (each change is in the journal). */
export function PeoplePanel() {
  const people = useQuery(getStaffPeopleQueryOptions());
  const change = useRoleChange();
  const [oid, setOid] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const act = (target: string, r: StaffRole, grant: boolean) =>
    change.mutate(
      { oid: target, role: r, grant },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: grant ? `Роль «${ROLE_NAMES[r]}» выдана.` : `Роль «${ROLE_NAMES[r]}» снята.`,
          }),
      },
    );
  return (
    <Stack gap="xl">
      {change.error && (
        <Alert color="red" title="Не получилось" role="alert">
          {staffMessage(change.error)}
        </Alert>
      )}
      {!people.data ? (
        <QueryState isPending={people.isPending} error={people.error} />
      ) : (
        <ScrollTable label="Сотрудники" minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Сотрудник</Table.Th>
                <Table.Th>Роль</Table.Th>
                <Table.Th>Выдана</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Действие</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.flatMap((p) =>
                p.roles.map((r) => (
                  <Table.Tr key={`${p.oid}-${r.role}`}>
                    <Table.Td>
                      {p.name ?? 'ещё не входил'}
                      <Text size="sm" c="dimmed">
                        oid {p.oid}
                      </Text>
                    </Table.Td>
                    <Table.Td>{ROLE_NAMES[r.role]}</Table.Td>
                    <Table.Td>
                      {formatDateTime(r.grantedAt)}
                      <Text size="sm" c="dimmed">
                        {r.grantedBy === 'cli' ? 'командной строкой' : `oid ${r.grantedBy}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => act(p.oid, r.role, false)}
                        aria-label={`Снять роль «${ROLE_NAMES[r.role]}» у ${p.name ?? p.oid}`}
                      >
                        Снять
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            Выдать роль
          </Title>
          <Text size="sm">
            Человек входит через Госуслуги как все; его oid в ЕСИА — в журнале или у него в профиле Госуслуг.
          </Text>
          <Group align="flex-end">
            <TextInput
              label="oid в ЕСИА"
              value={oid}
              onChange={(e) => setOid(e.currentTarget.value.replace(/\D/g, ''))}
              inputMode="numeric"
              maxLength={20}
            />
            <Select
              label="Роль"
              data={ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
              value={role}
              onChange={(v) => setRole(v as StaffRole | null)}
              allowDeselect={false}
            />
            <Button disabled={!oid || !role} loading={change.isPending} onClick={() => role && act(oid, role, true)}>
              Выдать роль
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
