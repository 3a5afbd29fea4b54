import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SLICE_MS, withShorterSlices } from './scheduler-slices';

const require = createRequire(import.meta.url);
const installed = readFileSync(require.resolve('scheduler/cjs/scheduler.production.js'), 'utf8');

describe("the browser build's scheduler", () => {
  it("ends React's slices after SLICE_MS instead of 5 ms, changing nothing else", () => {
    const shorter = withShorterSlices(installed);
    expect(shorter).toContain(`frameInterval = ${SLICE_MS},`);
    expect(shorter.replace(`frameInterval = ${SLICE_MS},`, 'frameInterval = 5,')).toBe(installed);
  });

  it('stops the build when a React update no longer sets the slice the way it did', () => {
    expect(() =>
      withShorterSlices(installed.replace('frameInterval = 5,', 'frameMs = 5,')),
    ).toThrow(/no longer sets 'frameInterval = 5'/);
  });
});
