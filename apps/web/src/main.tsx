import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { LoadingOverlay, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MainLayout } from './app/main-layout';
import { createQueryClient } from './app/query-client';
import { preloadPage } from './app/router';
import { runStartup } from './app/startup';
import { cssVariablesResolver, themeFor } from './app/theme';

export const NOTIFICATION_TIMEOUT_MS = 5000;

// The notifications' container is not needed to draw the first page; messages shown before it
// arrives wait in Mantine's store and appear when it mounts.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

const root = createRoot(document.getElementById('root') as HTMLElement);
const queryClient: QueryClient = createQueryClient();

// Until start-up finishes the visitor sees the overlay in the default green.
root.render(
  <MantineProvider theme={themeFor('green')} cssVariablesResolver={cssVariablesResolver}>
    <LoadingOverlay visible zIndex={1000} overlayProps={{ blur: 2 }} />
  </MantineProvider>,
);

void preloadPage(window.location.pathname).catch(() => undefined);
runStartup(queryClient).then(({ theme }) => {
  root.render(
    <StrictMode>
      <MantineProvider theme={themeFor(theme)} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Notifications position="bottom-center" autoClose={NOTIFICATION_TIMEOUT_MS} />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <MainLayout />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
