import { expect, type Locator } from '@playwright/test';

/** Asserts that the element lies wholly within the window's width: nothing cut off at a side. */
export async function expectWithinWidth(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()!.width;
  expect(box, 'shown').not.toBeNull();
  expect(box!.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge').toBeLessThanOrEqual(width);
}
