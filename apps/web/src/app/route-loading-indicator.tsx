import { useEffect, useState } from 'react';
import classes from './route-loading-indicator.module.css';

export const ROUTE_LOADING_DELAY_MS = 500;

/** A thin bar at the top while a page loads; shown only after 500 ms so quick navigations do not flicker. */
export function RouteLoadingIndicator({ loading }: { loading: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), ROUTE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Загрузка страницы" />;
}
