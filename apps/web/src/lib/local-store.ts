import { useSyncExternalStore } from 'react';

/**
 * A value kept in local storage under `key`, as an external store: every tab sees the same value
 * (the `storage` event), and a browser that refuses storage keeps it in memory for the visit.
 * `parse` reads what storage holds (null: nothing) and must accept anything; `serialize` gives
 * null for the empty value (the key is then removed).
 */
export function createLocalStore<T>(options: {
  key: string;
  empty: T;
  parse: (raw: string | null) => T;
  serialize: (value: T) => string | null;
}) {
  const { key, empty, parse, serialize } = options;
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } = { raw: null, value: empty };
  /**
   * This tab's copy, read only once storage has refused (private modes, full quota). While
   * storage works, what it holds is the value for every tab: a key another tab removed is empty
   * here too, never this tab's older copy (QA pass 28, F1).
   */
  let memory: string | null = null;
  let refused = false;

  function storage(): Storage | null {
    if (refused || typeof window === 'undefined') return null;
    try {
      return window.localStorage;
    } catch {
      refused = true;
      return null;
    }
  }

  function read(): T {
    let raw = memory;
    const stored = storage();
    if (stored) {
      try {
        raw = stored.getItem(key);
      } catch {
        refused = true;
      }
    }
    if (raw !== cached.raw) cached = { raw, value: parse(raw) };
    return cached.value;
  }

  function write(value: T) {
    memory = serialize(value);
    try {
      if (memory === null) storage()?.removeItem(key);
      else storage()?.setItem(key, memory);
    } catch {
      // Storage refused: the in-memory copy keeps it for this visit.
      refused = true;
    }
    for (const listener of [...listeners]) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  /** The value; empty while prerendering and hydrating. */
  const useValue = (): T => useSyncExternalStore(subscribe, read, () => empty);

  return { read, write, subscribe, useValue };
}
