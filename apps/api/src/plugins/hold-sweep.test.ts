import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { insertTestNumbers } from '../../test-support/numbers';
import { sweepOnce } from './hold-sweep';

describeEachDatabase('the hold sweep across processes', (ctx) => {
  it('is skipped while another process sweeps, and runs once it is done', async () => {
    const { app, database } = ctx();
    const lapsed = new Date(Date.now() - 3600_000);
    await insertTestNumbers(app, [
      { number: '9876598765', basePrice: 5_000, status: 'reserved', reservedUntil: lapsed },
    ]);
    const status = async () =>
      (await database.query<{ status: string }>('select status from numbers'))[0]!.status;

    // Another process's session holds the sweep's lock.
    const other = await database.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext('store:hold-sweep'))");
      expect(await sweepOnce(app)).toBeUndefined();
      expect(await status()).toBe('reserved');
      await other.query("select pg_advisory_unlock(hashtext('store:hold-sweep'))");
    } finally {
      other.release();
    }

    expect(await sweepOnce(app)).toEqual({
      cancelled: [],
      tidied: 1,
      reminded: [],
      overdueAlerted: 0,
    });
    expect(await status()).toBe('available');
  });
});
