import { expect, test } from '@playwright/test';
import { newAccount, registerByApi, signInWithOtp } from '../support/accounts';
import { expectWithinWidth } from '../support/on-screen';
import { paidOrder } from '../support/orders';
import { readOutbox, waitForOtp } from '../support/outbox';
import { createStaffAccount } from '../support/staff';

/**
 * A buyer's payment receipt is refused by their mail server (outside production the store refuses
 * any address at .invalid for good, decision 0087); support sees it on the console, the buyer
 * puts their address right, and support sends it again to the new address.
 */

test('support sees a receipt the store gave up on and sends it again to the buyer’s e-mail now', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = newAccount('meera mistyped');
  const buyer = { ...account, email: account.email.replace(/@example\.com$/, '@mistyped.invalid') };
  await registerByApi(page.request, buyer);
  const order = await paidOrder(page, baseURL, 1);
  const receipt = `Payment received: order ${order.reference}`;

  await test.step('the buyer puts their e-mail address right', async () => {
    const email = account.email;
    const since = new Date();
    const asked = await page.request.post('/api/v1/user/contact-change', { data: { email } });
    expect(asked.ok(), `contact-change answered ${asked.status()}`).toBe(true);
    const otp = await waitForOtp(page.request, email, { since, channel: 'email' });
    const verified = await page.request.post('/api/v1/user/contact-change/verify', {
      data: { email, otp },
    });
    expect(verified.ok(), `verify answered ${verified.status()}`).toBe(true);
  });

  const support = newAccount('sunita support');
  await createStaffAccount(support, 'support');
  const context = await browser.newContext();
  const agent = await context.newPage();
  await signInWithOtp(agent.request, support.mobile);

  await test.step('the dashboard counts it and links the list', async () => {
    await agent.goto('/admin');
    const card = agent
      .getByRole('region', { name: 'Waiting for the team' })
      .getByRole('link', { name: /^Messages not delivered/ });
    await expect(card).toHaveText(/Messages not delivered\s*[1-9]/);
    await card.click();
    await expect(
      agent.getByRole('heading', { name: 'Messages not delivered', level: 1 }),
    ).toBeVisible();
  });

  await test.step("on a phone the list reads row by row and Dismiss's question is whole", async () => {
    await agent.setViewportSize({ width: 390, height: 844 });
    const row = agent.getByRole('row').filter({ hasText: receipt });
    await expectWithinWidth(row);
    // The address at most two lines (a squeezed table broke it every few letters).
    const address = (await row.getByText(buyer.email, { exact: true }).boundingBox())!;
    expect(address.height).toBeLessThan(45);
    await row.getByRole('button', { name: 'Dismiss' }).click();
    const confirm = agent.getByRole('group', { name: 'Dismiss this message?' });
    await expectWithinWidth(confirm.getByText('Dismiss it? It is deleted and not sent.'));
    await expectWithinWidth(confirm.getByRole('button', { name: 'Cancel' }));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await agent.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('support sends the receipt again: it reaches the new address', async () => {
    const row = agent.getByRole('row').filter({ hasText: receipt });
    await expect(row).toContainText(buyer.email);
    await expect(row).toContainText('550');
    await expect(row.getByRole('link', { name: order.reference })).toHaveAttribute(
      'href',
      `/admin/orders/${order.id}`,
    );
    await row.getByRole('button', { name: 'Send again' }).click();
    await expect(agent.getByText(`Message sent to ${account.email}.`)).toBeVisible();
    await expect(agent.getByRole('row').filter({ hasText: receipt })).toHaveCount(0);
    const delivered = await readOutbox(page.request, account.email);
    expect(delivered.filter((message) => message.subject === receipt)).toHaveLength(1);
  });
  await context.close();
});
