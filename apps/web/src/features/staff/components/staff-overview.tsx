import { Link } from 'wouter';
import { Anchor, Card, SimpleGrid, Stack, Text } from '../../../components/plain';
import type { StaffRole } from '../api';
import { ROLE_NAMES, STAFF_SECTIONS } from './staff-frame';

/** The back office's first page: the person's roles and the sections they open. */
export function StaffOverview({ name, roles }: { name: string; roles: StaffRole[] }) {
  const sections = STAFF_SECTIONS.filter((s) => roles.includes(s.role));
  return (
    <Stack>
      <Text>
        {name}, ваши роли: {roles.map((r) => ROLE_NAMES[r]).join(', ')}. Каждое действие здесь записывается в журнал.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {sections.map((s) => (
          <Card key={s.key} withBorder padding="md">
            <Anchor component={Link} to={`/staff/${s.key}`} fw={600} size="lg">
              {s.label}
            </Anchor>
            <Text size="sm" mt="xs">
              {s.about}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
