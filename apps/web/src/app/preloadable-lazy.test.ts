import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `hello ${name}`);

/** What a render shows at once, a suspended component showing its fallback. */
const renderNow = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, element));

describe('preloadableLazy', () => {
  it('suspends like lazy until its code has loaded', () => {
    const { Component } = preloadableLazy(() => Promise.resolve(Greeting));
    expect(renderNow(createElement(Component, { name: 'Asha' }))).toBe('<i>loading</i>');
  });

  it('renders at once, without suspending, once loaded ahead of the render', async () => {
    let loads = 0;
    const { Component, load } = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve(Greeting);
    });
    await load();
    await load();
    expect(renderNow(createElement(Component, { name: 'Asha' }))).toBe('<p>hello Asha</p>');
    expect(loads).toBe(1);
  });
});
