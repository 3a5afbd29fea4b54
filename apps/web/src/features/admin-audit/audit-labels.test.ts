import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionGroups, actionLabel } from './audit-labels';

const apiSource = join(import.meta.dirname, '../../../../api/src');

/** Every action the API writes to the audit log, as its code names it (`action: 'order.view'`). */
function recordedActions(): string[] {
  const actions = new Set<string>();
  const files = readdirSync(apiSource, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of files) {
    const source = readFileSync(join(apiSource, file), 'utf8');
    for (const [, action] of source.matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)) actions.add(action!);
  }
  return [...actions].sort();
}

describe('the audit log in words', () => {
  it('names every action the API records, rather than spelling out its code', () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(20);
    for (const action of actions) {
      // An action without words reads as its code, "Order: refund reference".
      expect(actionLabel(action), action).not.toMatch(/^[A-Z][a-z]+: /);
    }
  });

  it("offers every action the API's filter takes, grouped by thing, and only those", () => {
    const list = readFileSync(join(apiSource, 'audit/audit-actions.ts'), 'utf8');
    const filterable = [...list.matchAll(/^ {2}'([a-z_]+\.[a-z_]+)',$/gm)].map(
      ([, action]) => action,
    );
    expect(filterable).toEqual(expect.arrayContaining(recordedActions()));
    const offered = actionGroups.flatMap((group) =>
      group.actions.map(({ action }) => {
        expect(action.startsWith(group.prefix), action).toBe(true);
        return action;
      }),
    );
    expect(offered.sort()).toEqual(filterable.sort());
  });
});
