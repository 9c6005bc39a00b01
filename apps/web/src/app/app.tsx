import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Router } from 'wouter';
import { BrowserOnly } from '../components/browser-only';
import { lightOnly } from './drawn-theme-styles';
import { MainLayout } from './main-layout';
import { parseRoute } from './router';
import { cssVariablesResolver, themeFor } from './theme';

export const NOTIFICATION_TIMEOUT_MS = 5000;

// The notifications' container is not needed to draw the first page; messages shown before it
// arrives wait in Mantine's store and appear when it mounts.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

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
      <BrowserOnly>
        <Suspense fallback={null}>
          <Notifications position="bottom-center" autoClose={NOTIFICATION_TIMEOUT_MS} />
        </Suspense>
      </BrowserOnly>
      <QueryClientProvider client={queryClient}>
        {/* The server's Router (its address) stays; this one adds the patterns' parser, kept per pattern. */}
        <Router parser={parseRoute}>
          <MainLayout />
        </Router>
      </QueryClientProvider>
    </MantineProvider>
  );
}
