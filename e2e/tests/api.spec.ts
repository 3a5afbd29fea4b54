import { expect, test } from '@playwright/test';

test('the health route reports the embedded database up', async ({ request }) => {
  const res = await request.get('/api/v1/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    success: true,
    data: { database: { kind: 'embedded', up: true } },
  });
});
