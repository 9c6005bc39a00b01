import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notifications container, mounted with the first message rather than with every page (decision
 * 120): most visits show none, and mounting it (a portal, its transitions, a stack per position) was a
 * task of its own as each page came alive. The store is watched once the browser is idle; a message shown
 * before that waits in it and appears when the container mounts, as Mantine's store keeps it until then.
 */
export function NotificationsHost(props: NotificationsProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    let stop: (() => void) | undefined;
    let live = true;
    const watch = async () => {
      const { notificationsStore } = await import('@mantine/notifications');
      if (!live) return;
      const check = () => {
        const { notifications, queue } = notificationsStore.getState();
        if (notifications.length + queue.length > 0) setWanted(true);
      };
      stop = notificationsStore.subscribe(check);
      check();
    };
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => {
      watch().catch((error: unknown) => {
        // The container's code did not arrive: the messages stay in the store; the page works without them.
        console.error('Уведомления недоступны', error);
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
