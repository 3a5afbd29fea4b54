import { SEARCH_PHRASE_EXAMPLES } from '@store/domain';
import { expect, it } from 'vitest';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase('the search examples the store offers', (ctx) => {
  it('each find numbers in the demo stock `npm start` loads', async () => {
    await ctx().app.services.catalog.loadDemoInventory({ count: 20_000 });
    for (const example of SEARCH_PHRASE_EXAMPLES) {
      const res = await ctx().app.inject({
        method: 'GET',
        url: api(`/numbers?text=${encodeURIComponent(example)}`),
      });
      expect(res.statusCode, example).toBe(200);
      expect(res.json().data.items.length, example).toBeGreaterThan(0);
    }
  });
});
