/**
 * A component whose code is its own chunk, loaded when first needed: a page of the route table
 * (routes.ts), or a part of one that its first view does not show (the home page's news panel and
 * a story's detail). Nothing suspends in practice: the server loads every such chunk before it
 * renders (`loadAllDeferred`), the client loads the page's before hydrating, and a part shown
 * later is loaded before the state that shows it is set (`preload().then(…)`). A component
 * rendered before its code arrived (a client navigation) suspends to the nearest boundary.
 */
import { createElement, use, type ComponentType } from 'react';

export interface Deferred<P> {
  Component: ComponentType<P>;
  /** Loads the code (once); resolves when the component renders without suspending. */
  preload: () => Promise<void>;
}

const all: Deferred<never>[] = [];

export function deferred<P extends object, N extends string>(load: () => Promise<Record<N, ComponentType<P>>>, name: N): Deferred<P> {
  let Loaded: ComponentType<P> | null = null;
  let promise: Promise<void> | null = null;
  const preload = () =>
    (promise ??= load().then((m) => {
      Loaded = m[name];
    }));
  function Component(props: P) {
    if (!Loaded) use(preload());
    return createElement(Loaded!, props);
  }
  const d = { Component, preload };
  all.push(d as unknown as Deferred<never>);
  return d;
}

/** Loads the code of every deferred component (the server, before its first render). */
export const loadAllDeferred = (): Promise<void> => Promise.all(all.map((d) => d.preload())).then(() => undefined);
