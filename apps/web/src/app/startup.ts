import type { QueryClient } from '@tanstack/react-query';
import { getAuthQueryOptions } from '../features/auth';
import { getRegionsQueryOptions } from '../features/regions';
import {
  getConvergenceServicesQueryOptions,
  getFeaturesQueryOptions,
  getMediaServicesQueryOptions,
  getThemeQueryOptions,
} from '../features/settings';
import { loadAnalytics } from '../lib/analytics';
import { setupInputMasks } from '../lib/masks';

export interface StartupResult {
  theme: string;
}

/** An error that knows where the browser should go (e.g. the error page). */
interface ErrorWithUrl {
  url: string;
}

function hasUrl(error: unknown): error is ErrorWithUrl {
  return typeof error === 'object' && error !== null && typeof (error as { url?: unknown }).url === 'string';
}

let sharedDataInitialised = false;

/** Regions, features, media and convergence services: loaded once for the whole visit. */
export async function loadSharedData(queryClient: QueryClient): Promise<void> {
  if (sharedDataInitialised) return;
  sharedDataInitialised = true;
  await Promise.all([
    queryClient.ensureQueryData(getRegionsQueryOptions()),
    queryClient.ensureQueryData(getFeaturesQueryOptions()),
    queryClient.ensureQueryData(getMediaServicesQueryOptions()),
    queryClient.ensureQueryData(getConvergenceServicesQueryOptions()),
  ]);
}

/**
 * The start-up steps, in order: route-loading indicator, theme, auth check,
 * feature check, input masks, analytics. A failed step is logged and the next one runs;
 * one that carries a url sends the browser there.
 */
export async function runStartup(queryClient: QueryClient): Promise<StartupResult> {
  const result: StartupResult = { theme: 'green' };
  // The steps run in order, but their three requests need not wait for each other: asked at once, the
  // first visit pays one round trip instead of three (the steps below then find them in flight).
  for (const options of [getThemeQueryOptions(), getAuthQueryOptions(), getFeaturesQueryOptions()]) {
    void queryClient.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0]);
  }
  const steps: [string, () => unknown][] = [
    // The indicator itself is a component of the layout; nothing to prepare before it mounts.
    ['route-loading-indicator', () => undefined],
    [
      'theme',
      async () => {
        result.theme = await queryClient.ensureQueryData(getThemeQueryOptions());
      },
    ],
    ['auth', () => queryClient.ensureQueryData(getAuthQueryOptions())],
    ['features', () => queryClient.ensureQueryData(getFeaturesQueryOptions())],
    ['input-masks', () => setupInputMasks()],
    ['analytics', () => loadAnalytics()],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`Шаг запуска «${name}» не выполнен`, error);
      if (hasUrl(error)) {
        window.location.assign(error.url);
        break;
      }
    }
  }
  loadSharedData(queryClient).catch((error: unknown) => console.error('Не удалось загрузить справочники', error));
  return result;
}
