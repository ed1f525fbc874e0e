import { createElement, Suspense, type ReactElement } from 'react';
import { render } from 'preact/compat';
import { setupRerender } from 'preact/test-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

// The player app runs on Preact (vite.config.ts aliases `react` to `preact/compat`), so the test does
// too. The tests run in Node without a DOM; the few DOM calls Preact makes to render plain elements and
// text are answered by the small stand-in below.
vi.mock('react', () => import('preact/compat'));

class FakeNode {
  parentNode: FakeNode | null = null;
  childNodes: FakeNode[] = [];
  constructor(
    readonly nodeType: number,
    readonly localName: string,
    public data = '',
  ) {}
  get firstChild(): FakeNode | null {
    return this.childNodes[0] ?? null;
  }
  get nextSibling(): FakeNode | null {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  set textContent(_: string) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
  }
  insertBefore(node: FakeNode, before: FakeNode | null) {
    node.parentNode?.removeChild(node);
    const at = before ? this.childNodes.indexOf(before) : -1;
    this.childNodes.splice(at === -1 ? this.childNodes.length : at, 0, node);
    node.parentNode = this;
    return node;
  }
  appendChild(node: FakeNode) {
    return this.insertBefore(node, null);
  }
  removeChild(node: FakeNode) {
    this.childNodes.splice(this.childNodes.indexOf(node), 1);
    node.parentNode = null;
    return node;
  }
  setAttribute() {}
  removeAttribute() {}
  get html(): string {
    if (this.nodeType === 3) return this.data;
    return `<${this.localName}>${this.childNodes.map((child) => child.html).join('')}</${this.localName}>`;
  }
}

const fakeDocument = {
  createElement: (name: string) => new FakeNode(1, name),
  createElementNS: (_namespace: string | null, name: string) => new FakeNode(1, name),
  createTextNode: (text: string) => new FakeNode(3, '#text', text),
};
const realDocument = globalThis.document;
beforeAll(() => void Object.assign(globalThis, { document: fakeDocument }));
afterAll(() => void Object.assign(globalThis, { document: realDocument }));

const Greeting = ({ name }: { name: string }) => createElement('p', null, `hello ${name}`);

/** What a render shows at once (once the runtime has handled a suspension), inside a Suspense showing `<i>loading</i>`. */
function renderNow(element: ReactElement): string {
  const rerender = setupRerender();
  const root = new FakeNode(1, 'main');
  render(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, element), root as unknown as Element);
  rerender();
  return root.childNodes.map((child) => child.html).join('');
}

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
