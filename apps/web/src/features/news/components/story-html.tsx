import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Story HTML, sanitised again in the browser: the server cleans it on write (sanitize-html, an allow-list),
 * this guards the render. DOMPurify needs a DOM, so the server's own drawing of the page sends the story
 * as the server stored it, cleaned on write; the browser keeps that HTML when it takes the page over.
 */
export function StoryHtml({ html }: { html: string }) {
  const clean = useMemo(
    () => (import.meta.env.SSR ? html : DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })),
    [html],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above (and on the server when stored)
  return <Typography dangerouslySetInnerHTML={{ __html: clean }} />;
}
