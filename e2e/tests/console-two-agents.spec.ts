import { expect, test } from '@playwright/test';
import { newAccount, SUPPORT_STATE_ENV, signInWithOtp } from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { createStaffAccount } from '../support/staff';

/**
 * Two support agents answer the same enquiry from pages opened at the same time (decision 0043):
 * the customer gets the first reply only; the later agent is shown it and chooses whether to
 * send theirs as well.
 */

test('two agents answer one enquiry: one e-mail goes out, and the later agent sees it and chooses', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = newAccount('meera enquirer');
  const created = await request.post('/api/v1/enquiries', {
    data: {
      name: customer.name,
      mobile: customer.mobile,
      email: customer.email,
      topic: 'vip-number',
      message: 'Do you have a number ending 7777 under 20,000 rupees?',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;

  const first = await browser.newContext({ storageState: process.env[SUPPORT_STATE_ENV] });
  const second = await browser.newContext();
  const agent = newAccount('ravi agent');
  await createStaffAccount(agent, 'support');
  await signInWithOtp(second.request, agent.mobile);
  const [pageA, pageB] = [await first.newPage(), await second.newPage()];
  await Promise.all([pageA, pageB].map((page) => page.goto(`/admin/enquiries/${id}`)));

  const reply = async (page: typeof pageA, text: string) => {
    const form = page.getByRole('form', { name: 'Reply by e-mail' });
    await form.getByLabel('Subject').fill('Re: a number ending 7777');
    await form.getByLabel('Reply').fill(text);
    await form.getByRole('button', { name: 'Send reply' }).click();
    return form;
  };
  const sentTo = async () =>
    (await readOutbox(request, customer.email)).map((message) => message.text).join('\n');

  await reply(pageA, 'We have 98200 17777 at 18,000 rupees.');
  await expect(pageA.getByText(`Reply sent to ${customer.email}.`)).toBeVisible();

  const formB = await reply(pageB, 'Try 98111 27777 at 15,000 rupees.');
  const conflict = formB.getByRole('alert');
  await expect(conflict).toContainText('answered while you were writing: yours was not sent.');
  await expect(conflict).toContainText('We have 98200 17777 at 18,000 rupees.');
  expect(await sentTo()).toContain('98200 17777');
  expect(await sentTo()).not.toContain('98111 27777');

  await conflict.getByRole('button', { name: 'Send mine as well' }).click();
  await expect(pageB.getByText(`Reply sent to ${customer.email}.`)).toBeVisible();
  await expect.poll(sentTo).toContain('98111 27777');
  await Promise.all([first.close(), second.close()]);
});
