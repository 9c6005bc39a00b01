import { type ReactNode, useEffect, useState } from 'react';

/**
 * Draws its children only in the browser, after the first render: the server's HTML (and the browser's
 * render that takes it over) has the fallback instead. For what cannot be drawn without a window.
 */
export function BrowserOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? children : fallback;
}
