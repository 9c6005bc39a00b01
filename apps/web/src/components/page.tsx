import type { ReactNode } from 'react';
import { type PageCard, usePageMeta } from '../lib/page-meta';
import { Container, Stack, Text, Title } from './plain';

interface PageProps {
  title: string;
  /** Page description for search engines and link previews. */
  description: string;
  /** Shown under the heading. */
  lead?: ReactNode;
  /** Heading to show when it differs from the document title. */
  heading?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The card a shared link to the page shows (Open Graph, Twitter). */
  card?: PageCard;
}

/** The frame of a page: its meta, heading and lead. */
export function Page({ title, description, lead, heading, children, size = 'lg', card }: PageProps) {
  usePageMeta(title, description, card);
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{heading ?? title}</Title>
          {lead && (
            <Text size="lg" c="dimmed">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
