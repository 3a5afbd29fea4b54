import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKey } from './use-idempotency-key';

describe('useIdempotencyKey', () => {
  it('keeps the key for retries of the same content, renews it after success or a change', async () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const withKey = result.current;
    const keys: string[] = [];
    const failing = (key: string) => {
      keys.push(key);
      return Promise.reject(new Error('lost'));
    };
    const succeeding = (key: string) => {
      keys.push(key);
      return Promise.resolve('done');
    };

    await expect(withKey({ text: 'Hello' }, failing)).rejects.toThrow('lost');
    await expect(withKey({ text: 'Hello' }, succeeding)).resolves.toBe('done');
    await withKey({ text: 'Hello' }, failing).catch(() => {});
    await withKey({ text: 'Hello again' }, failing).catch(() => {});
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1))).toHaveLength(3);

    const file = new File(['number,price\n'], 'stock.csv');
    const twin = new File(['number,price\n'], 'stock.csv');
    await withKey(file, failing).catch(() => {});
    await withKey(file, failing).catch(() => {});
    await withKey(twin, failing).catch(() => {});
    expect(keys[5]).toBe(keys[4]);
    expect(keys[6]).not.toBe(keys[5]);
  });
});
