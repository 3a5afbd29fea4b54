import { expect, it } from 'vitest';
import { testConfig } from '../../test-support/test-app';
import type { NumberItem } from '../catalog/catalog-schemas';
import { withEmailHtml } from '../notify/email-html';
import { digestMessage, onSaleMessage } from './alert-messages';

it('carries the one-click unsubscribe headers and the page link of the same token', () => {
  const message = digestMessage(testConfig(), {
    to: { name: 'Asha', email: 'asha@example.com' },
    searches: [],
    drops: [],
    unsubscribeToken: 'abc.def',
  });
  expect(message.headers).toEqual({
    'List-Unsubscribe': '<http://store.test/api/v1/alerts/unsubscribe?token=abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  expect(message.text).toContain('Stop these e-mails: http://store.test/unsubscribe?token=abc.def');
});

it('tags every link to a number or a listing, so the sales alerts bring are credited to them', () => {
  const item = (digits: string) =>
    ({ number: digits, pricing: { nwFinalPrice: 7000 } }) as unknown as NumberItem;
  const tags = (campaign: string) => `utm_source=alerts&utm_medium=email&utm_campaign=${campaign}`;
  const digest = digestMessage(testConfig(), {
    to: { name: 'Asha', email: 'asha@example.com' },
    searches: [{ name: '786', query: 'q=786&match=end', numbers: [item('9000000786')] }],
    drops: [{ number: item('9876543210'), was: 900000 }],
    unsubscribeToken: 'abc.def',
  }).text;
  expect(digest).toContain(`http://store.test/numbers/9000000786?${tags('saved-search')}`);
  expect(digest).toContain(
    `See every match: http://store.test/premium-numbers?q=786&match=end&${tags('saved-search')}`,
  );
  expect(digest).toContain(`http://store.test/numbers/9876543210?${tags('price-drop')}`);
  // The unsubscribe page is not a sales link, and its token stays alone in its address.
  expect(digest).toContain('Stop these e-mails: http://store.test/unsubscribe?token=abc.def');
  expect(digest).not.toMatch(/unsubscribe\?token=abc\.def&/);
  expect(
    onSaleMessage(testConfig(), { email: 'ravi@example.com' }, item('9000000786')).text,
  ).toContain(`Buy it here: http://store.test/numbers/9000000786?${tags('on-sale')}`);
});

it("shows the unsubscribe page's link in the digest's HTML, not the one-click address", () => {
  const config = testConfig();
  const html = withEmailHtml(
    digestMessage(config, {
      to: { name: 'Asha', email: 'asha@example.com' },
      searches: [],
      drops: [],
      unsubscribeToken: 'abc.def',
    }),
    config,
  ).html;
  const page = 'http://store.test/unsubscribe?token=abc.def';
  expect(html).toContain(`Stop these e-mails: <a href="${page}"`);
  // The header's address takes only a mail client's POST: a link to it would open an error.
  expect(html).not.toContain('/api/v1/alerts/unsubscribe');
});
