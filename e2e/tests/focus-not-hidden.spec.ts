import { expect, test } from '@playwright/test';
import { openSignIn } from '../support/accounts';
import { clickWhenHydrated } from '../support/store-pages';

/**
 * A field the dialog focuses after a refused "Create account" shows with its label, not under
 * the dialog's sticky bar (WCAG 2.4.7; QA pass 32 F9), on a phone and on a desk.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test(`at ${viewport.width} px the first field in error shows below the dialog's bar`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    if (viewport.width < 1280) {
      await clickWhenHydrated(page.getByRole('button', { name: 'Menu' }));
      await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
    } else {
      await openSignIn(page);
    }
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Create an account' })
      .click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    const submit = register.getByRole('button', { name: 'Create account' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    const name = register.getByLabel('Full name');
    await expect(name).toBeFocused();
    const bar = await page
      .getByRole('button', { name: 'Close dialog' })
      .locator('..')
      .boundingBox();
    const label = await register.locator('label', { hasText: 'Full name' }).first().boundingBox();
    expect(bar).not.toBeNull();
    expect(label).not.toBeNull();
    expect(label!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  });
}
