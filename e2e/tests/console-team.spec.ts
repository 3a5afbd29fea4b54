import { expect, test } from '@playwright/test';
import { newAccount, signInWithOtp, signInWithOtpInBrowser } from '../support/accounts';
import { expectWithinWidth } from '../support/on-screen';
import { readOutbox } from '../support/outbox';
import { createStaffAccount } from '../support/staff';

/** The team's side of the console: an administrator invites a member; the log shows it. */

test('an admin invites a member, who signs in with a code and lands on the console; the audit log shows the invite', async ({
  page,
  browser,
}) => {
  const admin = newAccount('anil admin');
  const member = newAccount('kiran member');
  await createStaffAccount(admin, 'admin');
  await signInWithOtp(page.request, admin.mobile);

  await test.step('the admin invites a member from the staff page', async () => {
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Invite a member' });
    await form.getByLabel('Name').fill(member.name);
    await form.getByLabel('E-mail').fill(member.email);
    await form.getByLabel('Mobile').fill(member.mobile);
    await form.getByLabel('Role').selectOption('support');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`${member.name} has been invited.`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Staff members' })).toContainText(member.email);
    const [invitation] = await readOutbox(page.request, member.email);
    expect(invitation?.subject).toMatch(/You have been added to the .* team/);
    expect(invitation?.text).toContain('"With OTP"');
  });

  await test.step("on a phone the team reads row by row and Disable's question is whole", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expectWithinWidth(row);
    await row.getByRole('button', { name: `Disable ${member.name}` }).click();
    const confirm = page.getByRole('group', { name: `Disable ${member.name}?` });
    await expectWithinWidth(confirm.getByText('They are signed out at once.', { exact: false }));
    await expectWithinWidth(confirm.getByRole('button', { name: 'Cancel' }));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the member signs in with a code and lands on the console', async () => {
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await memberPage.goto('/premium-numbers');
    await signInWithOtpInBrowser(memberPage, member.mobile);
    await expect(memberPage).toHaveURL(/\/admin$/);
    await expect(memberPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Support sees no administrators' areas.
    const nav = memberPage.getByRole('navigation', { name: 'Console' });
    await expect(nav).toContainText('Enquiries');
    await expect(nav).not.toContainText('Audit log');
    await context.close();
  });

  await test.step('the audit log shows the invite, by the admin', async () => {
    await page.goto('/admin/audit');
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    const invite = table.getByRole('row').filter({ hasText: member.email });
    await expect(invite).toContainText('Staff member invited');
    await expect(invite).toContainText(`Staff member ${member.name}`);
    await expect(invite).toContainText(admin.name);
    await expect(invite).toContainText(`name: ${member.name}`);
    await expect(invite).toContainText('role: Support');
  });
});
