import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A component whose code arrives when first drawn (React's `lazy`), and which can be loaded ahead: once
 * loaded, React is handed it at once (a thenable that answers when asked), so the server's one render of a
 * page draws it rather than its Suspense fallback.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<unknown> } {
  let loaded: { default: ComponentType<P> } | undefined;
  // One load for all who ask (a dynamic import of a module already here still costs a trip through the
  // module loader: a fifth of a millisecond of every page the server drew); a failed one is tried again.
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Component = lazy(() =>
    loaded
      ? ({
          // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, so React takes the module at once
          then: (resolve: (m: { default: ComponentType<P> }) => void) =>
            resolve(loaded as { default: ComponentType<P> }),
        } as Promise<{ default: ComponentType<P> }>)
      : preload(),
  );
  return { Component, preload };
}
