import { describe, expect, it } from 'vitest';
import { runCode } from '../db/schema/catalog';
import { comingSoonSql, listableSql } from './availability';
import { planFilters } from './listing-store';

// Which listings walk number_runs (decision 0025). The results are the same either way (the
// comparisons in digit-runs-search.test.ts); this pins the plan itself.
describe('planFilters and number_runs', () => {
  const onSale = { onSaleOrHeld: true };

  it('walks number_runs for three or four digits anywhere and endings of two to four', () => {
    expect(planFilters({ q: '786' }, undefined, onSale).runs?.run).toBe(runCode('786'));
    expect(planFilters({ q: '0000' }, undefined, onSale).runs?.run).toBe(runCode('0000'));
    for (const q of ['00', '786', '0000']) {
      const plan = planFilters({ q, match: 'end' }, undefined, onSale);
      expect(plan.runs?.run).toBe(runCode(q, 'end'));
    }
  });

  it('tests nothing more on a number of a listing of numbers on sale or held', () => {
    expect(planFilters({ q: '786' }, [listableSql], onSale).runs).toEqual({
      run: runCode('786'),
      rest: undefined,
    });
    expect(planFilters({ q: '786' }, undefined, onSale).runs?.rest).toBeDefined();
    expect(
      planFilters({ q: '786', minPrice: 100 }, [listableSql], onSale).runs?.rest,
    ).toBeDefined();
  });

  it('never for listings of other numbers: the console, coming soon, or unless asked', () => {
    expect(planFilters({ q: '786' }, []).runs).toBeUndefined();
    expect(planFilters({ q: '786' }, [comingSoonSql]).runs).toBeUndefined();
    expect(planFilters({ q: '786' }).runs).toBeUndefined();
  });

  it('not when another filter is narrow, nor for other digit searches', () => {
    expect(planFilters({ q: '786', mask: '98765?????' }, undefined, onSale).runs).toBeUndefined();
    for (const q of ['7', '78', '78612', '9876543210']) {
      expect(planFilters({ q }, undefined, onSale).runs).toBeUndefined();
    }
    expect(planFilters({ q: '786', match: 'start' }, undefined, onSale).runs).toBeUndefined();
  });
});
