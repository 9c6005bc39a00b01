import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { getAuthQueryOptions, loginUrl } from '../features/auth';
import { type Feature, getFeaturesQueryOptions } from '../features/settings';
import { previousUrl, trackNavigation, useCurrentUrl } from '../lib/location';
import { usePageMeta } from '../lib/page-meta';
import { preloadable } from '../lib/preloadable';
import NotFoundPage from '../routes/not-found';
import type { RouteDef } from './route-table';

// Drawn only while sign-in is switched off: its code arrives then (the server loads it before drawing).
const { Component: SignInUnavailable, preload: preloadSignInUnavailable } = preloadable(
  () => import('../routes/sign-in-unavailable'),
);

export { preloadSignInUnavailable };

/** Applies a route's declared guards: a disabled feature is not found; sign-in sends the visitor to ESIA. */
export function RouteGuard({ def, children }: { def: RouteDef; children: ReactNode }) {
  const location = useCurrentUrl();
  const url = location.pathname + location.search + location.hash;
  // The route's part is the browser's now (drawn, or taken over from the server's HTML with its page,
  // which is in the same Suspense boundary): said on <html> for whoever waits for it (the browser tests,
  // before they type).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    trackNavigation();
  }, []);
  // Sign-in routes read the flags too: with «Вход через Госуслуги» off, ESIA's login answers 404.
  const features = useQuery({ ...getFeaturesQueryOptions(), enabled: def.feature !== undefined || def.auth === true });
  const auth = useQuery({ ...getAuthQueryOptions(), enabled: def.auth === true });

  if (def.feature) {
    if (features.isPending) return <PageLoader />;
    if (!isEnabled(features.data, def.feature)) return <NotFoundPage />;
  }
  if (def.auth) {
    if (auth.isPending) return <PageLoader />;
    // Step 1 → step 2: the back button from step 2 after sign-in leads to step 1, not to step 2 again.
    if (!auth.data?.isLogged) {
      if (features.isPending) return <PageLoader />;
      if (!isEnabled(features.data, 'EsiaAuth')) return <SignInUnavailable />;
      return <SignInRedirect returnUrl={url} from={previousUrl()} />;
    }
  }
  return <>{children}</>;
}

function isEnabled(flags: { feature: string; isEnabled: boolean }[] | undefined, feature: Feature): boolean {
  return flags?.some((f) => f.feature === feature && f.isEnabled) ?? false;
}

function PageLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Загрузка" />
    </Center>
  );
}

/** Sends the visitor to ESIA; they come back to this very address after signing in. */
function SignInRedirect({ returnUrl, from }: { returnUrl: string; from: string | undefined }) {
  usePageMeta('Вход через Госуслуги', 'Страница доступна после входа через Госуслуги.');
  useEffect(() => {
    window.location.replace(loginUrl(returnUrl, from));
  }, [returnUrl, from]);
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Переход ко входу через Госуслуги" />
    </Center>
  );
}
