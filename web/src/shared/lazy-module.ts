/**
 * Code the app loads apart from its first load (the dialogs', a member's parts of the layouts):
 * fetched once, fetched again after a failure, and there for every render once it has come.
 */
import { useSyncExternalStore } from 'react';

export interface LazyModule<T> {
  load(): Promise<T>;
  /** The module once it has come; null before. */
  readonly current: T | null;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(fetchModule: () => Promise<T>): LazyModule<T> {
  let current: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= fetchModule().then(
        (module) => {
          current = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module once it has come, rendering again then; null on the server and while hydrating its HTML. */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  return useSyncExternalStore(
    module.subscribe,
    () => module.current,
    () => null,
  );
}
