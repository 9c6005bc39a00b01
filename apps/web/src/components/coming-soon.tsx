import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An honest note for a part of the site that is still being built, with a way onward. */
export function ComingSoon({ children, links = [] }: { children: ReactNode; links?: { to: string; label: string }[] }) {
  return (
    <Alert color="gray" variant="light" title="Раздел готовится">
      {children}
      {links.length > 0 && (
        <Group mt="md" gap="sm">
          {links.map((l) => (
            <Button key={l.to} component={Link} to={l.to} variant="light" size="sm">
              {l.label}
            </Button>
          ))}
        </Group>
      )}
    </Alert>
  );
}
