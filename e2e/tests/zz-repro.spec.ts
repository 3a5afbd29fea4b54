import { test } from '@playwright/test';
for (const path of ['/premium-numbers?category=mirror-numbers', '/premium-numbers']) {
  test(`cls ${path}`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: string[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { startTime: number; value: number; sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] }[]) {
          for (const s of e.sources) {
            const n = s.node as Element | undefined;
            w.__shifts.push(`${e.startTime | 0} v=${e.value.toFixed(4)} ${n?.outerHTML?.slice(0, 140) ?? n?.textContent?.slice(0, 60)} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await page.waitForTimeout(3000);
    console.log(path, '\n' + (await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).join('\n'));
  });
}
