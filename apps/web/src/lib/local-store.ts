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
  /** Used when storage cannot be read or written (private modes, full quota). */
  let memory: string | null = null;

  function storage(): Storage | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage;
    } catch {
      return null;
    }
  }

  function read(): T {
    let raw: string | null;
    try {
      raw = storage()?.getItem(key) ?? memory;
    } catch {
      raw = memory;
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
