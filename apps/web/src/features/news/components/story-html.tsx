import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Story HTML, sanitised again in the browser: the server cleans it on write, this guards the render. */
export function StoryHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above (and on the server when stored)
  return <Typography dangerouslySetInnerHTML={{ __html: clean }} />;
}
