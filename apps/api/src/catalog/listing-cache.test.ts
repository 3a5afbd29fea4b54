import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test-support/test-app';
import { catalogCacheTtlMs, TtlCache } from './listing-cache';

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads once and serves the value while it is fresh', async () => {
    const cache = new TtlCache<number>(10);
    const load = vi.fn(async () => 42);
    expect(await cache.get('k', 1000, load)).toBe(42);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', 1000, load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves a stale value while one background load replaces it', async () => {
    const cache = new TtlCache<number>(10);
    let finish: (value: number) => void = () => {};
    const load = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const first = cache.get('k', 1000, load);
    finish(1);
    expect(await first).toBe(1);
    vi.advanceTimersByTime(1500);
    expect(await cache.get('k', 1000, load)).toBe(1); // stale: served, a refresh started
    expect(await cache.get('k', 1000, load)).toBe(1); // the refresh is shared, not repeated
    expect(load).toHaveBeenCalledTimes(2);
    finish(2);
    await vi.waitFor(async () => expect(await cache.get('k', 1000, load)).toBe(2));
    vi.advanceTimersByTime(2500); // past the stale window: the caller waits for a new load
    const late = cache.get('k', 1000, load);
    finish(3);
    expect(await late).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache<number>(10);
    let resolve: (value: number) => void = () => {};
    const load = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    const a = cache.get('k', 1000, load);
    const b = cache.get('k', 1000, load);
    resolve(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<number>(10);
    await expect(
      cache.get('k', 1000, async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await cache.get('k', 1000, async () => 5)).toBe(5);
  });

  it('loads every time with a TTL of 0', async () => {
    const cache = new TtlCache<number>(10);
    const load = vi.fn(async () => 1);
    await cache.get('k', 0, load);
    await cache.get('k', 0, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('forgets everything on clear, including a load that was running', async () => {
    const cache = new TtlCache<number>(10);
    let resolve: (value: number) => void = () => {};
    const running = cache.get('k', 1000, () => new Promise<number>((r) => (resolve = r)));
    cache.clear();
    resolve(1);
    expect(await running).toBe(1);
    expect(await cache.get('k', 1000, async () => 2)).toBe(2);
  });

  it('drops the least recently used entries past its size', async () => {
    const cache = new TtlCache<string>(2);
    await cache.get('a', 1000, async () => 'a');
    await cache.get('b', 1000, async () => 'b');
    await cache.get('a', 1000, async () => 'a again'); // a is now the most recent
    await cache.get('c', 1000, async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 1000, async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', 1000, async () => 'reloaded')).toBe('reloaded');
  });
});

describe('catalogCacheTtlMs', () => {
  it('is 30 s by default, off under NODE_ENV=test, and follows CATALOG_CACHE_SECONDS', () => {
    expect(catalogCacheTtlMs(testConfig())).toBe(0);
    expect(catalogCacheTtlMs(testConfig({ NODE_ENV: 'development' }))).toBe(30_000);
    expect(catalogCacheTtlMs(testConfig({ CATALOG_CACHE_SECONDS: '5' }))).toBe(5_000);
    expect(
      catalogCacheTtlMs(testConfig({ NODE_ENV: 'development', CATALOG_CACHE_SECONDS: '0' })),
    ).toBe(0);
  });
});
