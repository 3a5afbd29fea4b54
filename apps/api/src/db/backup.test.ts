import { PassThrough, Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { restoreBackup, writeBackup } from './backup';

describeEachDatabase('restoring a backup into a PostgreSQL database of your own', (ctx) => {
  it('refuses a database that is not empty, saying so in terms of a database', async () => {
    const { database } = ctx();
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeBackup(database, out);
    await database.query(
      "insert into numbers (number, base_price, final_price, category, digit_sum, mid, total) values ('9999988888', 5000, 5000, 'unique-numbers', 1, 1, 1)",
    );
    await expect(restoreBackup(database, Readable.from(Buffer.concat(chunks)))).rejects.toThrow(
      /^The database is not empty \(table \w+ has rows\): restore into an empty database/,
    );
  });
});
