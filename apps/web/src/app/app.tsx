import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { lightOnly } from './drawn-theme-styles';
import { MainLayout } from './main-layout';
import { NotificationsHost } from './notifications-host';
import { parseRoute } from './router';
import { cssVariablesResolver, themeFor } from './theme';

export const NOTIFICATION_TIMEOUT_MS = 5000;

/**
 * The whole site as the server draws it and the browser takes it over: theme, data, frame and pages.
 * `themeStyles` are the theme's two style elements: the server draws them once per theme instead of by
 * Mantine for every page (decision 115), and the browser takes over those it drew (decision 120); the
 * markup is Mantine's, so the browser takes it over unchanged.
 */
export function App({
  queryClient,
  theme,
  themeStyles,
}: {
  queryClient: QueryClient;
  theme: string;
  themeStyles?: ReactNode;
}) {
  return (
    <MantineProvider
      theme={themeFor(theme)}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={lightOnly}
      withCssVariables={!themeStyles}
      withGlobalClasses={!themeStyles}
    >
      {themeStyles}
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
