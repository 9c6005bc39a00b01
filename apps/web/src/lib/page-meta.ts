import { useEffect } from 'react';

const SITE_NAME = 'Перенос номера';
export const PAGE_META_DEBOUNCE_MS = 50;

/** «Тарифы — Перенос номера»; a page titled like the site (or with no title) is just the site's name. */
export function documentTitle(title: string): string {
  const own = title.trim();
  return own && own !== SITE_NAME ? `${own} — ${SITE_NAME}` : SITE_NAME;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Sets the document title and description; bursts of updates during a navigation collapse into one. */
export function setPageMeta(title: string, description?: string): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    document.title = documentTitle(title);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, PAGE_META_DEBOUNCE_MS);
}

/** Page title and description for the page that calls it. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => setPageMeta(title, description), [title, description]);
}
