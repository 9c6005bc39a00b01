import { createContext, useContext, useEffect } from 'react';

const SITE_NAME = 'Перенос номера';
export const PAGE_META_DEBOUNCE_MS = 50;

let timer: ReturnType<typeof setTimeout> | undefined;

const SITE_NAME_LOWER = SITE_NAME.toLowerCase();

/** «Страница — Перенос номера»; a page named like the site is not suffixed with its own name again. */
export function documentTitle(title: string): string {
  const own = title.trim();
  // toLowerCase, not toLocaleLowerCase('ru'): Russian has no case rule of its own (only Turkish, Azeri and
  // Lithuanian do), and the locale's lookup cost 0.1 ms of every page the server draws.
  if (!own || own.toLowerCase() === SITE_NAME_LOWER) return SITE_NAME;
  return `${own} — ${SITE_NAME}`;
}

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

/**
 * A page worth a card where its link is shared (VK, Telegram): the server writes its Open Graph and
 * Twitter tags (title, description, the site's card image unless the page names one).
 */
export interface PageCard {
  type: 'article' | 'website';
  /** An absolute path or address of a raster image (crawlers draw no SVG). */
  image?: string;
}

export interface PageMeta {
  title: string;
  description?: string;
  card?: PageCard;
}

/** On the server, where the page's title, description and card are written into the HTML's head. */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | undefined>(undefined);

/** Page title and description (and the card of a shared link) for the page that calls it. */
export function usePageMeta(title: string, description?: string, card?: PageCard): void {
  // The server has no document and runs no effects: it is told during the render (the last call wins,
  // as the last effect does in the browser). The card only matters to crawlers, which read the server's HTML.
  useContext(PageMetaCollector)?.({ title, description, card });
  useEffect(() => setPageMeta(title, description), [title, description]);
}
