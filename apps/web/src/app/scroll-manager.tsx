import { useEffect, useRef } from 'react';
import { useCurrentUrl } from '../lib/location';

export const HASH_SCROLL_OFFSET = 100;

/** A hash scrolls smoothly to its target, 100 px below the top (under the sticky header); a new path starts at the top. */
export function ScrollManager() {
  const { pathname, hash } = useCurrentUrl();
  const lastPath = useRef(pathname);
  useEffect(() => {
    const pathChanged = lastPath.current !== pathname;
    lastPath.current = pathname;
    if (hash) {
      // The target may render a moment after the route; look for it on the next frames.
      let tries = 0;
      const find = () => {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (target) {
          const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET;
          window.scrollTo({ top, behavior: 'smooth' });
        } else if (tries++ < 20) {
          requestAnimationFrame(find);
        }
      };
      find();
    } else if (pathChanged) {
      window.scrollTo({ top: 0 });
    }
  }, [pathname, hash]);
  return null;
}
