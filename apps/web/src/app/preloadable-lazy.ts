import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * `lazy` that renders at once, without suspending, once its code has loaded: `load` loads it ahead of
 * a render. The app loads the first page's screen and the query scope before its first render
 * (app/start-app.tsx), so that render shows the screen itself; a suspended one would show the loading
 * indicator first and the screen only in a later render (under React, at least 300 ms later).
 */
export function preloadableLazy<Props extends object>(
  loadComponent: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; load: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const load = () =>
    (loading ??= loadComponent().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(load);
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from the lazy one to the loaded one would mount it anew.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return { Component: Preloadable, load };
}
