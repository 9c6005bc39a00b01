import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './lib/format';
import { createTheme, LoadingOverlay, type MantineColor, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client';
import { createRouter, preloadCurrentPage } from './app/router';
import { runStartup } from './app/startup';

export const LOADING_OVERLAY_SPINNER_SIZE = 80;
export const NOTIFICATION_TIMEOUT_MS = 5000;

// Theme names the site-theme-current setting may hold; anything else falls back to green.
const THEMES: Record<string, MantineColor> = { green: 'green', blue: 'blue', teal: 'teal', violet: 'violet' };

function themeFor(name: string) {
  return createTheme({
    primaryColor: THEMES[name] ?? 'green',
    fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
    defaultRadius: 'md',
    components: {
      LoadingOverlay: LoadingOverlay.extend({ defaultProps: { loaderProps: { size: LOADING_OVERLAY_SPINNER_SIZE } } }),
    },
  });
}

const root = createRoot(document.getElementById('root') as HTMLElement);
const queryClient: QueryClient = createQueryClient();

// Until start-up finishes the visitor sees the overlay in the default green.
root.render(
  <MantineProvider theme={themeFor('green')}>
    <LoadingOverlay visible zIndex={1000} overlayProps={{ blur: 2 }} />
  </MantineProvider>,
);

preloadCurrentPage(window.location.pathname);
runStartup(queryClient).then(({ theme }) => {
  const router = createRouter();
  root.render(
    <StrictMode>
      <MantineProvider theme={themeFor(theme)}>
        <Notifications position="bottom-center" autoClose={NOTIFICATION_TIMEOUT_MS} />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
