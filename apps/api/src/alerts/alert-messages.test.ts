import { expect, it } from 'vitest';
import { testConfig } from '../../test-support/test-app';
import { digestMessage } from './alert-messages';

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
