import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNumbers, numbersApiPath } from './get-numbers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchNumbers', () => {
  const page = { items: [], total: 0, page: 1, pageSize: 24, pageCount: 0 };

  it('asks the API with the same parameter names and returns data', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, data: page }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      fetchNumbers({ category: '786-numbers', offer: true, q: '786', match: 'end', page: 2 }),
    ).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/numbers?category=786-numbers&q=786&match=end&offer=true&page=2',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(numbersApiPath({})).toBe('/numbers');
  });

  it('rejects with the server message on a bad parameter', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: 'q: must be 1 to 10 digits' }), {
            status: 400,
          }),
      ),
    );
    await expect(fetchNumbers({})).rejects.toThrow('q: must be 1 to 10 digits');
  });
});
