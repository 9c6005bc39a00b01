import { useLocation, useSearch } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => window.location.hash;
// The server draws no hash: the browser never sends it.
const serverHash = () => '';

/** The address now shown, in parts: path, search with its `?` and hash with its `#` (empty when none). */
export function useCurrentUrl(): { pathname: string; search: string; hash: string } {
  const [pathname] = useLocation();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, serverHash);
  return { pathname, search: search ? `?${search}` : '', hash };
}

const here = () => window.location.pathname + window.location.search + window.location.hash;
let current: string | undefined;
let previous: string | undefined;

/**
 * Starts remembering, in this tab, the address before the current one (wouter announces its own
 * `pushState`/`replaceState`; the back and forward buttons are `popstate`). A replaced address (a filter
 * changed) stays the same entry; only a new entry moves the current one back.
 */
export function trackNavigation(): void {
  if (current !== undefined || typeof window === 'undefined') return;
  current = here();
  const moved = () => {
    const now = here();
    if (now !== current) [previous, current] = [current, now];
  };
  addEventListener('pushState', moved);
  addEventListener('popstate', moved);
  addEventListener('replaceState', () => {
    current = here();
  });
}

/** The address this tab showed before the current one; undefined on the first page. */
export function previousUrl(): string | undefined {
  return previous;
}
