import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStore } from './local-store';

/** One tab's store of a list of numbers; two calls are two tabs sharing the browser's storage. */
function tab() {
  return createLocalStore<string[]>({
    key: 'numbers',
    empty: [],
    parse: (raw) => (raw ? (JSON.parse(raw) as string[]) : []),
    serialize: (list) => (list.length === 0 ? null : JSON.stringify(list)),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('createLocalStore', () => {
  it('reads a key another tab removed as empty, not as this tab’s older copy', () => {
    const a = tab();
    const b = tab();
    a.write(['9876598765']);
    expect(b.read()).toEqual(['9876598765']);

    b.write([]);
    expect(localStorage.getItem('numbers')).toBeNull();
    expect(a.read()).toEqual([]);
  });

  it('never brings a number removed in another tab back with this tab’s next change', () => {
    const a = tab();
    const b = tab();
    a.write(['9876598765']);
    b.write([]);

    a.write([...a.read(), '9123491234']);
    expect(b.read()).toEqual(['9123491234']);
  });

  it('keeps the value in memory for the visit when storage refuses it', () => {
    const a = tab();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    a.write(['9876598765']);
    expect(localStorage.getItem('numbers')).toBeNull();
    expect(a.read()).toEqual(['9876598765']);
  });
});
