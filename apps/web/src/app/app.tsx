import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { lightOnly } from './color-scheme';
import { MainLayout } from './main-layout';
import { NotificationsHost } from './notifications-host';
import { parseRoute } from './router';
import { cssVariablesResolver, themeFor } from './theme';

export const NOTIFICATION_TIMEOUT_MS = 5000;

/**
 * The whole site as the server draws it and the browser takes it over: theme, data, frame and pages.
 * `themeLinked`: the page's head links the theme's stylesheet (decision 121), so Mantine's provider draws
 * no style elements of its own; without it (a page the browser draws itself) the provider draws them.
 */
export function App({
  queryClient,
  theme,
  themeLinked = false,
}: {
  queryClient: QueryClient;
  theme: string;
  themeLinked?: boolean;
}) {
  return (
    <MantineProvider
      theme={themeFor(theme)}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={lightOnly}
      withCssVariables={!themeLinked}
      withGlobalClasses={!themeLinked}
    >
      <NotificationsHost position="bottom-center" autoClose={NOTIFICATION_TIMEOUT_MS} />
      <QueryClientProvider client={queryClient}>
        {/* The server's Router (its address) stays; this one adds the patterns' parser, kept per pattern. */}
        <Router parser={parseRoute}>
          <MainLayout />
        </Router>
      </QueryClientProvider>
    </MantineProvider>
  );
}
