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
