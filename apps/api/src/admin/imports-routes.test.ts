import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { classify, numerology } from '@store/domain';
import { csvRows, multipartFile } from '../../test-support/csv-upload';
import { cellAsWritten, inertCell } from '../http/spreadsheet-cells';
import { insertTestNumbers, listedPrices } from '../../test-support/numbers';
import { staffMember } from '../../test-support/sales';
import { api, type SessionClient } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/** Every edge a real spreadsheet brings, one per line (the header is line 1). */
const EDGES = [
  'number,price,offer_price', //                       1
  '9820098200,"1,25,000",99999', //                     2 new, Indian grouping in quotes
  '+91 98200 11111,25000,', //                          3 new, +91 and spaces, no offer
  '098200-22222," 4,999.50 ",', //                      4 new, 0 and a hyphen, paise
  '"9876543210",15000,12000', //                        5 updated (was 12,000 with no offer)
  '9.82E+09,5000,', //                                  6 scientific notation
  '982003333,5000,', //                                 7 nine digits
  '5820044444,5000,', //                                8 starts with 5
  '9820055555,0,', //                                   9 non-positive price
  '9820066666,-100,', //                               10 non-positive price
  '9820077777,5000,6000', //                           11 offer above the price
  '+919820098200,30000,', //                           12 repeats line 2
  '9811223344,9000,', //                               13 held
  '7770009991,9000,', //                               14 sold
  '7770009991,30000,', //                              15 repeats line 14
  '9820088888,1,25,000', //                            16 unquoted commas
  '9820099999,1.5E+05,', //                            17 scientific price
  '', //                                               18 blank: skipped
  '9812377777,50000,', //                              19 unchanged (hidden)
].join('\r\n');

const EDGE_ERRORS = [
  {
    line: 6,
    number: '9.82E+09',
    reason:
      'number is in scientific notation (9.82E+09), which lost its digits: format the number column as text and export again',
  },
  { line: 7, number: '982003333', reason: 'number must have 10 digits (it has 9)' },
  { line: 8, number: '5820044444', reason: 'number must start with 6, 7, 8 or 9' },
  { line: 9, number: '9820055555', reason: 'price must be more than 0' },
  { line: 10, number: '9820066666', reason: 'price must be more than 0' },
  { line: 11, number: '9820077777', reason: 'offer_price is above the price' },
  { line: 12, number: '+919820098200', reason: 'number repeats line 2' },
  {
    line: 13,
    number: '9811223344',
    reason: 'number is held for an order awaiting payment: its price and status cannot change now',
  },
  {
    line: 14,
    number: '7770009991',
    reason: 'number is sold: its price and status cannot change',
  },
  { line: 15, number: '7770009991', reason: 'number repeats line 14' },
  {
    line: 16,
    number: '9820088888',
    reason:
      'has 4 fields but the header has 3: a price with commas must be in quotes ("1,25,000"); offer_price is above the price',
  },
  {
    line: 17,
    number: '9820099999',
    reason: 'price is in scientific notation (1.5E+05): format the column as a plain number',
  },
];

describeEachDatabase('stock imports', (ctx) => {
  async function stock() {
    const { app } = ctx();
    const inAnHour = new Date(Date.now() + 3_600_000);
    await insertTestNumbers(app, [
      { number: '9876543210', basePrice: 12_000 },
      { number: '9812377777', basePrice: 50_000, status: 'hidden' },
      { number: '9811223344', basePrice: 8_000, status: 'reserved', reservedUntil: inAnHour },
      { number: '7770009991', basePrice: 30_000, status: 'sold' },
    ]);
    return staffMember(app, 'support');
  }

  const upload = (
    client: SessionClient,
    content: string | Buffer,
    { dryRun = false, ...options }: { dryRun?: boolean; field?: string; fileName?: string } = {},
  ) =>
    client.request({
      method: 'POST',
      url: api(`/admin/numbers/import${dryRun ? '?dryRun=true' : ''}`),
      ...multipartFile(content, options),
    });

  async function until(condition: () => Promise<boolean>) {
    for (let attempt = 0; attempt < 400; attempt++) {
      if (await condition()) return;
      await sleep(25);
    }
    throw new Error('the condition never came true');
  }

  /** Until a statement like `pattern` waits on a lock another connection holds. */
  const untilWaitingOnLock = (pattern: string) =>
    until(async () => {
      const [waiting] = await ctx().database.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and query like $1",
        [pattern],
      );
      return waiting!.count > 0;
    });

  async function finished(client: SessionClient, id: string) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const res = await client.get(api(`/admin/imports/${id}`));
      if (res.json().data.status !== 'running') return res.json().data;
      await sleep(25);
    }
    throw new Error('the import did not finish');
  }

  const tableCounts = async () => {
    const [row] = await ctx().database.query<{
      numbers: number;
      imports: number;
      staged: number;
      errors: number;
    }>(
      `select (select count(*) from numbers)::int as numbers, (select count(*) from imports)::int as imports,
        (select count(*) from import_rows)::int as staged, (select count(*) from import_errors)::int as errors`,
    );
    return row!;
  };

  /** Every number's price, offer and status, in number order: what an import may change. */
  const catalogue = () =>
    ctx().database.query(
      'select number, base_price, final_price, status, category from numbers order by number',
    );

  /** The status of each number starting with `prefix`, in number order. */
  const statuses = async (prefix: string) =>
    (
      await ctx().database.query<{ number: string; status: string }>(
        'select number, status from numbers where number like $1 order by number',
        [`${prefix}%`],
      )
    ).map((row) => [row.number, row.status]);

  it('checks every spreadsheet edge in a dry run and writes nothing', async () => {
    const support = await stock();
    const before = { counts: await tableCounts(), numbers: await catalogue() };
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(EDGES)]);
    const res = await upload(support.client, withBom, { dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 17,
      valid: 5,
      invalid: 12,
      new: 3,
      newOnSale: 3,
      newHidden: 0,
      newComingSoon: 0,
      updated: 1,
      unchanged: 1,
      offersEnding: 0,
      ignoredColumns: [],
      errors: EDGE_ERRORS,
    });
    expect({ counts: await tableCounts(), numbers: await catalogue() }).toEqual(before);
  });

  it('reads a file separated by semicolons, as spreadsheets in many locales save CSV', async () => {
    const support = await stock();
    const file = [
      'number;price;offer_price;status',
      '9811900101;5000;;',
      '9811900102;1,25,000;99999;hidden', // commas need no quotes here
      '"9811900103";"1,25,000";;Coming Soon',
      '9811900104;5000;;;6000', // one field too many
      '9811900105,5000', // a comma is no separator here
    ].join('\r\n');
    const errors = [
      { line: 5, number: '9811900104', reason: 'has 5 fields but the header has 4' },
      {
        line: 6,
        number: '9811900105,5000',
        reason: 'number must be digits only; price is missing',
      },
    ];
    const dryRun = await upload(support.client, file, { dryRun: true });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json().data).toEqual({
      total: 5,
      valid: 3,
      invalid: 2,
      new: 3,
      newOnSale: 1,
      newHidden: 1,
      newComingSoon: 1,
      updated: 0,
      unchanged: 0,
      offersEnding: 0,
      ignoredColumns: [],
      errors,
    });
    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ new: 3, errors: 2 });
    expect(await listedPrices(support.client, 'q=98119001')).toEqual([
      ['9811900101', 5_000, null],
      ['9811900102', 1_25_000, 99_999],
      ['9811900103', 1_25_000, null],
    ]);
    expect(await statuses('98119001')).toEqual([
      ['9811900101', 'available'],
      ['9811900102', 'hidden'],
      ['9811900103', 'coming_soon'],
    ]);
  });

  it('reads what Excel saves as Text (Tab delimited) or Unicode Text: tabs, a BOM, CRLF, UTF-16', async () => {
    const support = await stock();
    const file = [
      'number\tprice\toffer_price\tstatus',
      '9811900201\t"1,25,000"\t99999\t',
      '9811900202\tRs. 1,50,000/-\t₹1,20,000/-\thidden',
      '9811900203\t5000\t\t',
      '9876543210\t15000\t12000\t', // updated
    ].join('\r\n');
    const utf8 = Buffer.from(`\ufeff${file}\r\n`);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${file}\r\n`, 'utf16le')]);
    for (const content of [utf8, utf16]) {
      const dryRun = await upload(support.client, content, { dryRun: true });
      expect(dryRun.statusCode).toBe(200);
      expect(dryRun.json().data).toMatchObject({ total: 4, valid: 4, new: 3, updated: 1 });
    }
    const { importId } = (await upload(support.client, utf16)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ new: 3, updated: 1 });
    expect(await listedPrices(support.client, 'q=98119002')).toEqual([
      ['9811900201', 1_25_000, 99_999],
      ['9811900202', 1_50_000, 1_20_000],
      ['9811900203', 5_000, null],
    ]);
    expect(await statuses('98119002')).toEqual([
      ['9811900201', 'available'],
      ['9811900202', 'hidden'],
      ['9811900203', 'available'],
    ]);
  });

  it('imports a file with columns the store does not read, listing them in the dry run', async () => {
    const support = await stock();
    const file = [
      'Number,Price,Offer Price,State,City,Notes',
      '9811900301,5000,4000,Maharashtra,Mumbai,"ends 301, ask Ravi"',
    ].join('\r\n');
    const dryRun = await upload(support.client, file, { dryRun: true });
    expect(dryRun.json().data).toMatchObject({
      total: 1,
      new: 1,
      offersEnding: 0,
      ignoredColumns: ['State', 'City', 'Notes'],
    });
    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ new: 1, errors: 0 });
    expect(await listedPrices(support.client, 'q=9811900301')).toEqual([
      ['9811900301', 5_000, 4_000],
    ]);
  });

  it('leaves offers as they are without an offer_price column, and says which an empty cell ends', async () => {
    const support = await stock();
    const { app } = ctx();
    await insertTestNumbers(app, [
      { number: '9811900401', basePrice: 10_000, finalPrice: 9_000 },
      { number: '9811900402', basePrice: 20_000, finalPrice: 15_000 },
      { number: '9811900403', basePrice: 30_000 },
    ]);
    // List prices only, as an owner updating them writes: the offers stay (at most the new price).
    const prices = ['number,price', '9811900401,11000', '9811900402,12000', '9811900403,31000'];
    const check = await upload(support.client, prices.join('\n'), { dryRun: true });
    expect(check.json().data).toMatchObject({ updated: 3, offersEnding: 1 });
    const { importId } = (await upload(support.client, prices.join('\n'))).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ updated: 3, errors: 0 });
    expect(await listedPrices(support.client, 'q=98119004')).toEqual([
      ['9811900401', 11_000, 9_000],
      ['9811900402', 12_000, null],
      ['9811900403', 31_000, null],
    ]);

    // An offer_price column with an empty cell ends that number's offer, and the check says so.
    const ending = ['number,price,offer_price', '9811900401,11000,'].join('\n');
    const told = await upload(support.client, ending, { dryRun: true });
    expect(told.json().data).toMatchObject({ updated: 1, offersEnding: 1 });
    const second = (await upload(support.client, ending)).json().data.importId;
    expect(await finished(support.client, second)).toMatchObject({ updated: 1 });
    expect(await listedPrices(support.client, 'q=9811900401')).toEqual([
      ['9811900401', 11_000, null],
    ]);
  });

  it('refuses the row of a new number someone else added while the import ran, and applies the rest', async () => {
    const support = await stock();
    const { database } = ctx();
    // Another import (or an agent) adds 9811900502 and has not committed yet when this apply
    // plans it as new: the apply waits on it, then leaves the number as the other one made it.
    const other = await database.connect();
    try {
      await other.query('begin');
      const { sum, mid, total } = numerology('9811900502');
      await other.query(
        `insert into numbers (number, base_price, final_price, category, digit_sum, mid, total, status, created_at, updated_at)
          values ('9811900502', 2222200, 2222200, $1, $2, $3, $4, 'available', now(), now())`,
        [classify('9811900502').category, sum, mid, total],
      );
      const file = ['number,price', '9811900501,11111', '9811900502,11111'].join('\n');
      const { importId } = (await upload(support.client, file)).json().data;
      await untilWaitingOnLock('%on conflict (number)%');
      await other.query('commit');
      expect(await finished(support.client, importId)).toMatchObject({
        status: 'done',
        new: 1,
        errors: 1,
      });
      const errors = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
      expect(errors.body).toContain(
        'number was added to the store by someone else while this import ran',
      );
      expect(await listedPrices(support.client, 'q=98119005')).toEqual([
        ['9811900501', 11_111, null],
        ['9811900502', 22_222, null],
      ]);
    } finally {
      await other.query('rollback').catch(() => {});
      other.release();
    }
  });

  it('times its finish and its audit entries when it applied them, not when its transaction began', async () => {
    const support = await stock();
    const { database } = ctx();
    // An agent's edit of 9876543210 holds its row while the import's apply waits for it.
    const agent = await database.connect();
    try {
      await agent.query('begin');
      await agent.query("select 1 from numbers where number = '9876543210' for update");
      const { importId } = (await upload(support.client, 'number,price\n9876543210,13000')).json()
        .data;
      await untilWaitingOnLock('%for update of%');
      await sleep(300);
      const [{ released }] = (
        await agent.query<{ released: Date }>('select clock_timestamp() as released')
      ).rows as [{ released: Date }];
      await agent.query('commit');
      const result = await finished(support.client, importId);
      expect(Date.parse(result.finishedAt)).toBeGreaterThanOrEqual(released.getTime());
      const [entry] = await database.query<{ at: Date }>(
        "select at from audit_log where action = 'number.reprice' and number = '9876543210'",
      );
      expect(entry!.at.getTime()).toBeGreaterThanOrEqual(released.getTime());
    } finally {
      await agent.query('rollback').catch(() => {});
      agent.release();
    }
  });

  it('answers a repeat of an upload with the same Idempotency-Key with the import it started', async () => {
    const support = await stock();
    const file = ['number,price,offer_price', '9811900401,5000,', '9811900402,6000,'].join('\r\n');
    const start = (content: string, key: string, client = support.client) => {
      const body = multipartFile(content, { fileName: 'qa.csv' });
      return client.request({
        method: 'POST',
        url: api('/admin/numbers/import'),
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const first = await start(file, 'import-key-0001');
    expect(first.statusCode, first.body).toBe(202);
    const { importId } = first.json().data;
    await finished(support.client, importId);
    const again = await start(file, 'import-key-0001');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect((await tableCounts()).imports).toBe(1);

    const other = await start(`${file}\r\n9811900403,7000,`, 'import-key-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another staff member's key is their own.
    const admin = await staffMember(ctx().app, 'admin');
    const own = (await start(file, 'import-key-0001', admin.client)).json().data.importId;
    expect(own).not.toBe(importId);
    await finished(support.client, own);

    // Two sent at the same moment start one import.
    const twins = await Promise.all([
      start(file, 'import-key-0002'),
      start(file, 'import-key-0002'),
    ]);
    expect(twins.map((res) => res.statusCode)).toEqual([202, 202]);
    expect(twins[0]!.json().data).toEqual(twins[1]!.json().data);
    await finished(support.client, twins[0]!.json().data.importId);
    expect((await tableCounts()).imports).toBe(3);
  });

  it('refuses files that are empty, not CSV, or have a missing or wrong header', async () => {
    const support = await stock();
    const refusals: [string | Buffer, number, RegExp][] = [
      ['', 400, /^The file is empty\. The first line must be the header number,price,offer_price/],
      ['\ufeff\r\n\r\n', 400, /^The file is empty/],
      ['9820098200,5000\n9820011111,6000\n', 400, /This file starts with a row of data\.$/],
      [
        'number,cost\n9820098200,5000\n',
        400,
        /^Rename the column "cost" to price, or remove it if it is something else\./,
      ],
      [
        'phone,price,offer\n',
        400,
        /^Rename the columns "phone" to number and "offer" to offer_price, or remove them/,
      ],
      ['number,Notes\n', 400, /This header has number, Notes\.$/],
      ['price,offer_price\n5000,\n', 400, /This header has price, offer_price\.$/],
      ['number,price,price\n', 400, /^The column "price" appears twice\./],
      [
        'number,price\n"9811900701,4000\n9811900702,5000\n9811900703,6000\n9811900704,7000\n',
        400,
        /^The file is not valid CSV: the quote opened on line 2 is never closed\.$/,
      ],
      [
        'number,price\r\n9811900701,"4,000"\r\n\r\n9811900702,"5,""000\r\n9811900703,6000',
        400,
        /^The file is not valid CSV: the quote opened on line 4 is never closed\.$/,
      ],
      [
        'number,price\n"98119\n00701","4000\n9811900702,5000\n',
        400,
        /^The file is not valid CSV: the quote opened on line 3 is never closed\.$/,
      ],
      [Buffer.from('PK\x03\x04\x14\x00\x06\x00'), 400, /^This is an Excel workbook \(\.xlsx\)/],
      ['%PDF-1.7\n', 400, /^This is not a CSV text file/],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 400, /^This is not a CSV text file/],
    ];
    for (const [content, status, message] of refusals) {
      for (const dryRun of [true, false]) {
        const res = await upload(support.client, content, { dryRun });
        expect(res.statusCode, `${JSON.stringify(String(content))} dryRun=${dryRun}`).toBe(status);
        expect(res.json().message).toMatch(message);
      }
    }
    const headerOnly = await upload(support.client, 'number,price,offer_price\r\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe('The file has no rows under its header.');
    const headerOnlyDryRun = await upload(support.client, 'number,price\n', { dryRun: true });
    expect(headerOnlyDryRun.json().data).toMatchObject({ total: 0, valid: 0, invalid: 0 });

    const wrongField = await upload(support.client, EDGES, { field: 'csv' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(
      'The file must be in the multipart field "file", not "csv".',
    );
    // A body that says multipart but is not (the fuzz test found it answering 500).
    for (const dryRun of ['', '?dryRun=true']) {
      const broken = await support.client.post(
        api(`/admin/numbers/import${dryRun}`),
        '{"rows": []}',
        { headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      );
      expect(broken.statusCode, dryRun).toBe(400);
      expect(broken.json().message).toMatch(
        /^The upload could not be read as multipart\/form-data/,
      );
    }
    // An upload cut off inside the file (a dropped connection; busboy: "Part terminated early").
    for (const dryRun of [true, false]) {
      const cutOff = await support.client.request({
        method: 'POST',
        url: api(`/admin/numbers/import${dryRun ? '?dryRun=true' : ''}`),
        ...multipartFile(EDGES, { cutOff: true }),
      });
      expect(cutOff.statusCode, `dryRun=${dryRun}`).toBe(400);
      expect(cutOff.json().message).toBe(
        'The upload could not be read as multipart/form-data (it ended inside the file): send the CSV file in the field "file".',
      );
    }
    const json = await support.client.post(api('/admin/numbers/import'), { rows: [] });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(
      'Send the CSV file as multipart/form-data in the field "file".',
    );
    expect((await tableCounts()).imports).toBe(0);
  });

  it('runs an import as a job: the good rows go in, the refused ones come back as errors.csv', async () => {
    const support = await stock();
    const started = await upload(support.client, EDGES, { fileName: 'march-stock.csv' });
    expect(started.statusCode).toBe(202);
    const { importId } = started.json().data;
    const result = await finished(support.client, importId);
    expect(result).toMatchObject({
      id: importId,
      fileName: 'march-stock.csv',
      status: 'done',
      total: 17,
      processed: 17,
      imported: 5,
      new: 3,
      updated: 1,
      unchanged: 1,
      errors: 12,
      failure: null,
      startedBy: { name: 'Sunita Support' },
    });

    expect(await listedPrices(support.client, 'q=98200')).toEqual([
      ['9820011111', 25_000, null],
      ['9820022222', 4_999.5, null],
      ['9820098200', 1_25_000, 99_999],
    ]);
    const added = await support.client.get(api('/admin/numbers?q=9820098200'));
    expect(added.json().data.numbers[0].category.slug).toBe('mirror-numbers');
    const repriced = await support.client.get(api('/admin/numbers?q=9876543210'));
    expect(repriced.json().data.numbers[0]).toMatchObject({ price: 15_000, offerPrice: 12_000 });
    const storefront = await ctx().app.inject({ url: api('/numbers?q=9820098200') });
    expect(storefront.json().data.items[0].pricing.nwFinalPrice).toBe(99_999);
    // In every category it fits as soon as it is imported, not only its own.
    const page = await ctx().app.inject({ url: api('/numbers/by-number/9820098200') });
    expect(page.json().data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'mirror-numbers',
      'semi-mirror-numbers',
      'abc-abc-numbers',
      'doubling-numbers',
    ]);
    const inCategory = await ctx().app.inject({
      url: api('/numbers?category=semi-mirror-numbers&q=98200'),
    });
    expect(inCategory.json().data.items.map((item: { number: string }) => item.number)).toEqual([
      '9820098200',
    ]);

    const errors = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csvRows(errors.body);
    expect(rows[0]).toEqual(['line', 'number', 'price', 'offer_price', 'status', 'reason']);
    expect(rows.slice(1)).toEqual(
      EDGE_ERRORS.map((error) => [
        String(error.line),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        '',
        error.reason,
      ]),
    );
    expect(rows[1]).toEqual(['6', '9.82E+09', '5000', '', '', EDGE_ERRORS[0]!.reason]);
    // Numbers the apply refused come back with their prices, ready to upload again later.
    expect(rows[8]).toEqual(['13', '9811223344', '9000', '', '', EDGE_ERRORS[7]!.reason]);
    // The staged good rows are gone; the refused ones stay for errors.csv.
    expect(await tableCounts()).toMatchObject({ staged: 0, errors: 12 });

    const admin = await staffMember(ctx().app, 'admin');
    const audit = async (query: string) =>
      (await admin.client.get(api(`/admin/audit?${query}`))).json().data.entries;
    expect(await audit(`entityType=import&entityId=${importId}`)).toMatchObject([
      {
        action: 'import.apply',
        actor: { name: 'Sunita Support' },
        after: { newCount: 3, updatedCount: 1, unchangedCount: 1, errorCount: 12 },
        note: 'march-stock.csv',
      },
    ]);
    expect(await audit('number=9876543210')).toMatchObject([
      {
        action: 'number.reprice',
        before: { price: 12_000, offerPrice: null },
        after: { price: 15_000, offerPrice: 12_000 },
        note: `import ${importId}`,
      },
    ]);
    // A new number's history starts with who put it in the store, at what prices and status.
    expect(await audit('number=9820098200')).toMatchObject([
      {
        action: 'number.add',
        actor: { name: 'Sunita Support' },
        entityType: 'number',
        entityId: String(added.json().data.numbers[0].id),
        before: null,
        after: { price: 1_25_000, offerPrice: 99_999, status: 'available' },
        note: `import ${importId}`,
      },
    ]);
    expect(await audit('number=9820011111')).toMatchObject([
      { action: 'number.add', after: { price: 25_000, offerPrice: null, status: 'available' } },
    ]);

    const past = await support.client.get(api('/admin/imports'));
    expect(past.json().data).toMatchObject({ total: 1, imports: [{ id: importId }] });
    // The same file again: everything it could change is already so.
    const again = await finished(
      support.client,
      (await upload(support.client, EDGES)).json().data.importId,
    );
    expect(again).toMatchObject({ status: 'done', new: 0, updated: 0, unchanged: 5, errors: 12 });
  });

  it('applies all the good rows or none: a failure in the apply leaves the numbers as they were', async () => {
    const support = await stock();
    const before = await catalogue();
    // The last new number of the file cannot be inserted: the apply fails after the reprice.
    await ctx().database.query(`
      create function refuse_test_number() returns trigger language plpgsql as $$
      begin
        if new.number = '9820022222' then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      create trigger refuse_test_number before insert on numbers
        for each row execute function refuse_test_number();`);
    try {
      const { importId } = (await upload(support.client, EDGES)).json().data;
      const result = await finished(support.client, importId);
      expect(result).toMatchObject({
        status: 'failed',
        imported: 0,
        processed: 17,
        failure:
          'The import stopped on an error: nothing of it was applied. Upload the file again; the server log has the details.',
      });
      expect(await catalogue()).toEqual(before);
      const admin = await staffMember(ctx().app, 'admin');
      const entries = (await admin.client.get(api('/admin/audit'))).json().data.entries;
      expect(entries).toEqual([]);
    } finally {
      await ctx().database.query(
        'drop trigger refuse_test_number on numbers; drop function refuse_test_number()',
      );
    }
  });

  it('fails alone when its connection is lost while it stages rows: the server goes on', async () => {
    const support = await stock();
    const before = await catalogue();
    // The connection writing the first batch is ended by the server (as pg_terminate_backend
    // or a database restart ends it) while the next batch is read: QA 23 F1 ended the process.
    await ctx().database.query(`
      create function drop_staging_connection() returns trigger language plpgsql as $$
      begin
        if new.line = 2 then perform pg_terminate_backend(pg_backend_pid()); end if;
        return new;
      end $$;
      create trigger drop_staging_connection before insert on import_rows
        for each row execute function drop_staging_connection();`);
    try {
      // Long rows (a column the store does not read): reading the next batch outlasts the
      // failing insert, so the failure comes while nothing waits for it.
      const note = 'n'.repeat(1_000);
      const rows = Array.from(
        { length: 10_001 },
        (_, i) => `6${String(i).padStart(9, '0')},5000,${note}`,
      );
      const { importId } = (
        await upload(support.client, ['number,price,note', ...rows].join('\n'))
      ).json().data;
      expect(await finished(support.client, importId)).toMatchObject({
        status: 'failed',
        imported: 0,
        failure:
          'The import stopped on an error: nothing of it was applied. Upload the file again; the server log has the details.',
      });
      expect(await catalogue()).toEqual(before);
      expect(await tableCounts()).toMatchObject({ staged: 0, errors: 0 });
    } finally {
      await ctx().database.query(
        'drop trigger drop_staging_connection on import_rows; drop function drop_staging_connection()',
      );
    }
    const health = await ctx().app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  it('fails imports a stopped server left running, but not one a live process still runs', async () => {
    const support = await stock();
    const { database, app } = ctx();
    const abandoned = '00000000-0000-4000-8000-00000000000a';
    const live = '00000000-0000-4000-8000-00000000000b';
    for (const id of [abandoned, live]) {
      await database.query(
        `insert into imports (id, actor_id, file_name, total, processed) values ($1, $2, 'big.csv', 100, 40)`,
        [id, support.user.id],
      );
    }
    // Another process runs `live`: it holds the import's advisory lock.
    const other = await database.connect();
    try {
      await other.query('select pg_advisory_lock(hashtextextended($1, 0))', [
        `store-import:${live}`,
      ]);
      expect(await app.services.imports.failAbandoned()).toBe(1);
      const status = async (id: string) =>
        (await support.client.get(api(`/admin/imports/${id}`))).json().data;
      expect(await status(abandoned)).toMatchObject({
        status: 'failed',
        failure:
          'The server stopped while this import ran: nothing of it was applied. Upload the file again.',
      });
      expect((await status(live)).status).toBe('running');
    } finally {
      other.release();
    }
  });

  it('answers 404 for an unknown import, 400 for a bad id, and gives the template', async () => {
    const support = await stock();
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await support.client.get(api(`/admin/imports/${unknown}`))).statusCode).toBe(404);
    expect((await support.client.get(api(`/admin/imports/${unknown}/errors.csv`))).statusCode).toBe(
      404,
    );
    expect((await support.client.get(api('/admin/imports/42'))).statusCode).toBe(400);
    expect((await support.client.get(api('/admin/imports?pageSize=1000'))).statusCode).toBe(400);
    // A paged list's numbers are plain digits, said in the store's words (http/query-numbers.ts).
    const coerced = await support.client.get(api('/admin/imports?page=1e1'));
    expect(coerced.statusCode).toBe(400);
    expect(coerced.body).toContain('page: must be a whole number from 1 to 10000');

    const template = await support.client.get(api('/admin/imports/template.csv'));
    expect(template.headers['content-disposition']).toBe(
      'attachment; filename="stock-template.csv"',
    );
    expect(csvRows(template.body)[0]).toEqual(['number', 'price', 'offer_price', 'status']);
    for (const cell of csvRows(template.body).flat()) {
      expect(inertCell(cellAsWritten(cell))).toBe(cell);
    }
    const checked = await upload(support.client, template.body, { dryRun: true });
    expect(checked.json().data).toMatchObject({ total: 2, valid: 2, invalid: 0 });
  });

  /** The numbers the storefront lists (on sale), in number order. */
  const onSale = async () => {
    const res = await ctx().app.inject({ url: api('/numbers?pageSize=100') });
    return (res.json().data.items as { number: string }[]).map((item) => item.number).sort();
  };

  const UNKNOWN_STATUS =
    'status must be available, hidden, coming_soon or left empty (held and sold only as an export writes them)';

  it('gives a new number the status its row says, and refuses held and sold for it', async () => {
    const support = await stock();
    const file = [
      'number,price,offer_price,status',
      '9820098200,25000,,coming_soon',
      '9820011111,25000,,Coming Soon',
      '9820022222,25000,,',
      '9820033333,25000,,hidden',
      '9820055555,25000,,Available',
      '9820066666,25000,,sold',
      '9820077777,25000,,held',
      '9820044444,25000,,reserved',
    ].join('\r\n');
    const errors = [
      {
        line: 7,
        number: '9820066666',
        reason:
          'status sold cannot be given to a new number: a number becomes sold through an order',
      },
      {
        line: 8,
        number: '9820077777',
        reason: 'status held cannot be given to a new number: a number is held only by an order',
      },
      { line: 9, number: '9820044444', reason: UNKNOWN_STATUS },
    ];
    const dryRun = await upload(support.client, file, { dryRun: true });
    expect(dryRun.json().data).toEqual({
      total: 8,
      valid: 5,
      invalid: 3,
      new: 5,
      newOnSale: 2,
      newHidden: 1,
      newComingSoon: 2,
      updated: 0,
      unchanged: 0,
      offersEnding: 0,
      ignoredColumns: [],
      errors,
    });

    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({
      status: 'done',
      new: 5,
      errors: 3,
    });
    const refused = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
    expect(csvRows(refused.body).slice(1)).toEqual([
      ['7', '9820066666', '25000', '', 'sold', errors[0]!.reason],
      ['8', '9820077777', '25000', '', 'held', errors[1]!.reason],
      ['9', '9820044444', '25000', '', 'reserved', errors[2]!.reason],
    ]);
    expect(await statuses('98200')).toEqual([
      ['9820011111', 'coming_soon'],
      ['9820022222', 'available'],
      ['9820033333', 'hidden'],
      ['9820055555', 'available'],
      ['9820098200', 'coming_soon'],
    ]);
    expect(await onSale()).toEqual(['9820022222', '9820055555', '9876543210']);
    const admin = await staffMember(ctx().app, 'admin');
    const added = await admin.client.get(api('/admin/audit?action=number.add'));
    expect(
      added
        .json()
        .data.entries.map((entry: { number: string; after: { status: string } }) => [
          entry.number,
          entry.after.status,
        ])
        .sort(),
    ).toEqual(await statuses('98200'));
  });

  it("changes a number's status as its row says, as staff's hide and unhide do, audited and counted updated", async () => {
    const support = await stock();
    const { app, database } = ctx();
    await insertTestNumbers(app, [
      { number: '9820000001', basePrice: 20_000 },
      { number: '9820000002', basePrice: 20_000, status: 'reserved', reservedUntil: new Date(0) },
      { number: '9820000003', basePrice: 20_000 },
      { number: '9820000004', basePrice: 20_000, status: 'hidden' },
    ]);
    await database.query("update numbers set status = 'coming_soon' where number = '9820000001'");
    const file = [
      'number,price,offer_price,status',
      '9876543210,12000,,hidden', //      available -> hidden
      '9812377777,45000,,available', //   hidden -> on sale, and a new price
      '9820000001,20000,,available', //   coming soon -> on sale
      '9820000002,20000,,hidden', //      a lapsed hold -> hidden
      '9820000003,20000,,coming_soon', // available -> coming soon
      '9820000004,20000,,', //            no status: unchanged
      '9811223344,8000,,held', //         held as it is: unchanged
      '7770009991,30000,,sold', //        sold as it is: unchanged
    ].join('\r\n');
    const dryRun = await upload(support.client, file, { dryRun: true });
    expect(dryRun.json().data).toEqual({
      total: 8,
      valid: 8,
      invalid: 0,
      new: 0,
      newOnSale: 0,
      newHidden: 0,
      newComingSoon: 0,
      updated: 5,
      unchanged: 3,
      offersEnding: 0,
      ignoredColumns: [],
      errors: [],
    });

    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({
      status: 'done',
      new: 0,
      updated: 5,
      unchanged: 3,
      errors: 0,
    });
    expect(await statuses('98')).toEqual([
      ['9811223344', 'reserved'],
      ['9812377777', 'available'],
      ['9820000001', 'available'],
      ['9820000002', 'hidden'],
      ['9820000003', 'coming_soon'],
      ['9820000004', 'hidden'],
      ['9876543210', 'hidden'],
    ]);
    expect(await statuses('777')).toEqual([['7770009991', 'sold']]);
    const [lapsed] = await database.query<{ reserved_until: Date | null }>(
      "select reserved_until from numbers where number = '9820000002'",
    );
    expect(lapsed?.reserved_until).toBeNull();
    expect(await onSale()).toEqual(['9812377777', '9820000001']);
    expect(await listedPrices(support.client, 'q=9812377777')).toEqual([
      ['9812377777', 45_000, null],
    ]);

    const admin = await staffMember(app, 'admin');
    const audit = async (number: string) =>
      (
        (await admin.client.get(api(`/admin/audit?number=${number}`))).json().data.entries as {
          action: string;
        }[]
      ).sort((a, b) => a.action.localeCompare(b.action));
    const note = `import ${importId}`;
    expect(await audit('9876543210')).toMatchObject([
      { action: 'number.hide', before: { status: 'available' }, after: { status: 'hidden' }, note },
    ]);
    expect(await audit('9812377777')).toMatchObject([
      {
        action: 'number.reprice',
        before: { price: 50_000, offerPrice: null },
        after: { price: 45_000, offerPrice: null },
        note,
      },
      { action: 'number.unhide', before: { status: 'hidden' }, after: { status: 'available' } },
    ]);
    expect(await audit('9820000001')).toMatchObject([
      { action: 'number.unhide', before: { status: 'coming_soon' }, note },
    ]);
    expect(await audit('9820000003')).toMatchObject([
      { action: 'number.coming_soon', after: { status: 'coming_soon' }, note },
    ]);
    for (const unchanged of ['9820000004', '9811223344', '7770009991']) {
      expect(await audit(unchanged), unchanged).toEqual([]);
    }
  });

  it('refuses a row that would change a held or sold number, or says held or sold of one that is not', async () => {
    const support = await stock();
    await insertTestNumbers(ctx().app, [
      { number: '9820000002', basePrice: 20_000, status: 'reserved', reservedUntil: new Date(0) },
    ]);
    const before = await catalogue();
    const file = [
      'number,price,offer_price,status',
      '9876543210,12000,,sold',
      '9812377777,50000,,held',
      '9811223344,8000,,hidden',
      '7770009991,30000,,available',
      '9820000002,20000,,held',
    ].join('\r\n');
    const errors = [
      {
        line: 2,
        number: '9876543210',
        reason:
          'status is sold but the number is not sold now: a number becomes sold through an order. Clear the status cell to keep its status as it is, or remove the row',
      },
      {
        line: 3,
        number: '9812377777',
        reason:
          "status is held but the number is not held now (its hold ended, or its order was cancelled): clear the status cell to keep the number's status as it is, or remove the row",
      },
      {
        line: 4,
        number: '9811223344',
        reason:
          'number is held for an order awaiting payment: its price and status cannot change now',
      },
      {
        line: 5,
        number: '7770009991',
        reason: 'number is sold: its price and status cannot change',
      },
      {
        line: 6,
        number: '9820000002',
        reason:
          "status is held but the number is not held now (its hold ended, or its order was cancelled): clear the status cell to keep the number's status as it is, or remove the row",
      },
    ];
    const dryRun = await upload(support.client, file, { dryRun: true });
    expect(dryRun.json().data).toEqual({
      total: 5,
      valid: 0,
      invalid: 5,
      new: 0,
      newOnSale: 0,
      newHidden: 0,
      newComingSoon: 0,
      updated: 0,
      unchanged: 0,
      offersEnding: 0,
      ignoredColumns: [],
      errors,
    });
    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({
      status: 'done',
      imported: 0,
      errors: 5,
    });
    const refused = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
    expect(csvRows(refused.body).map((row) => row.slice(4))).toEqual([
      ['status', 'reason'],
      ...errors.map((error, index) => [
        ['sold', 'held', 'hidden', 'available', 'held'][index],
        error.reason,
      ]),
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it('gives the refused rows back with their status as written, to fix and upload again', async () => {
    const support = await stock();
    const file = [
      'number,price,offer_price,status',
      '9811900401,abc,,hidden',
      '9811900402,-5,,Coming Soon',
      '9811900403,5000,,',
      '9811223344,9000,8000,hidden', // held: refused by the apply
    ].join('\r\n');
    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ new: 1, errors: 3 });
    const refused = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
    const rows = csvRows(refused.body);
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['line', 'number', 'price', 'offer_price', 'status'],
      ['2', '9811900401', 'abc', '', 'hidden'],
      ['3', '9811900402', '-5', '', 'Coming Soon'],
      ['5', '9811223344', '9000', '8000', 'hidden'],
    ]);
    expect(rows[0]![5]).toBe('reason');

    // The operator fixes the prices and uploads the file as it is, line and reason columns and all.
    const fixed = refused.body.replace(',abc,', ',4000,').replace(',-5,', ',6000,');
    const again = (await upload(support.client, fixed)).json().data.importId;
    expect(await finished(support.client, again)).toMatchObject({ new: 2, errors: 1 });
    expect(await statuses('981190')).toEqual([
      ['9811900401', 'hidden'],
      ['9811900402', 'coming_soon'],
      ['9811900403', 'available'],
    ]);
  });

  it("numbers errors.csv's rows by their line in the file, marks it UTF-8 for Excel, and takes it back fixed", async () => {
    const support = await stock();
    const file = [
      'number,price,offer_price,status',
      '9811900601,5000,,',
      '9811900602,₹1.505,,hidden',
      '',
      '9811900601,6000,,',
      '9811900603,"₹1,50,000","₹2,00,000",coming_soon',
    ].join('\r\n');
    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ new: 1, errors: 3 });
    const refused = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
    expect(refused.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvRows(refused.body)).toEqual([
      ['line', 'number', 'price', 'offer_price', 'status', 'reason'],
      [
        '3',
        '9811900602',
        '₹1.505',
        '',
        'hidden',
        'price is not an amount in rupees (1.505): write e.g. 25000 or 1,25,000',
      ],
      ['5', '9811900601', '6000', '', '', 'number repeats line 2'],
      [
        '6',
        '9811900603',
        '₹1,50,000',
        '₹2,00,000',
        'coming_soon',
        'offer_price is above the price',
      ],
    ]);

    // Fixed in the spreadsheet and uploaded as it is: its line and reason columns are ignored.
    const fixed = refused.body.replace('₹1.505', '"₹1,505"').replace('"₹2,00,000"', '"₹1,00,000"');
    const again = await upload(support.client, fixed, { dryRun: true });
    expect(again.json().data).toMatchObject({ total: 3, new: 2, updated: 1, invalid: 0 });
    const { importId: fixedId } = (await upload(support.client, fixed)).json().data;
    expect(await finished(support.client, fixedId)).toMatchObject({
      new: 2,
      updated: 1,
      errors: 0,
    });
    expect(await listedPrices(support.client, 'q=98119006')).toEqual([
      ['9811900601', 6_000, null],
      ['9811900602', 1_505, null],
      ['9811900603', 1_50_000, 1_00_000],
    ]);
    expect(await statuses('98119006')).toEqual([
      ['9811900601', 'available'],
      ['9811900602', 'hidden'],
      ['9811900603', 'coming_soon'],
    ]);
  });

  it('writes refused rows into errors.csv inert to spreadsheets, and takes them back as they are', async () => {
    const support = await stock();
    const file = [
      'number,price,offer_price,status',
      '"=HYPERLINK(""http://evil.test"",""Fix"")",5000,,',
      '9811900501,+1+2,,',
      '9811900502,\t=1+2,,', // the reader trims the tab: still a formula after it
      '9811900503,5000,@SUM(A1),',
      "9811900504,-2+3+cmd|' /C calc'!A0,,",
      '9811900505,-5,,', // a plain negative number: a spreadsheet reads it as one
      '+91 98119 00506,abc,,',
      '9811900507,5000,,"\r=1"',
      '9811900508,5000,," =1"',
    ].join('\n');
    const { importId } = (await upload(support.client, file)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({ new: 0, errors: 9 });
    const refused = await support.client.get(api(`/admin/imports/${importId}/errors.csv`));
    expect(csvRows(refused.body).map((row) => row.slice(1, 5))).toEqual([
      ['number', 'price', 'offer_price', 'status'],
      [`'=HYPERLINK("http://evil.test","Fix")`, '5000', '', ''],
      ['9811900501', "'+1+2", '', ''],
      ['9811900502', "'=1+2", '', ''],
      ['9811900503', '5000', "'@SUM(A1)", ''],
      ['9811900504', "'-2+3+cmd|' /C calc'!A0", '', ''],
      ['9811900505', '-5', '', ''],
      ["'+91 98119 00506", 'abc', '', ''],
      ['9811900507', '5000', '', "'\r=1"],
      ['9811900508', '5000', '', "' =1"],
    ]);

    // Fixed, the file uploads again as it is: the quote the store added is taken off.
    const fixed = refused.body.replace(',abc,', ',4000,');
    const again = (await upload(support.client, fixed)).json().data.importId;
    expect(await finished(support.client, again)).toMatchObject({ new: 1, errors: 8 });
    expect(await statuses('9811900506')).toEqual([['9811900506', 'available']]);
    const refusedAgain = await support.client.get(api(`/admin/imports/${again}/errors.csv`));
    expect(csvRows(refusedAgain.body).map((row) => row.slice(1, 5))).toEqual(
      csvRows(refused.body)
        .map((row) => row.slice(1, 5))
        .filter(([number]) => number !== "'+91 98119 00506"),
    );
  });

  it('uploads an export of every status again with nothing changed', async () => {
    const support = await stock();
    const { app, database } = ctx();
    await insertTestNumbers(app, [
      { number: '9820000001', basePrice: 20_000, finalPrice: 15_000 },
      { number: '9820000002', basePrice: 20_000, status: 'reserved', reservedUntil: new Date(0) },
    ]);
    await database.query("update numbers set status = 'coming_soon' where number = '9820000001'");
    const before = await catalogue();
    const exported = await support.client.get(api('/admin/numbers/export.csv'));
    expect(csvRows(exported.body).map((row) => row[3])).toEqual([
      'status',
      'sold',
      'held',
      'hidden',
      'coming_soon',
      'available',
      'available',
    ]);

    const dryRun = await upload(support.client, exported.body, { dryRun: true });
    expect(dryRun.json().data).toEqual({
      total: 6,
      valid: 6,
      invalid: 0,
      new: 0,
      newOnSale: 0,
      newHidden: 0,
      newComingSoon: 0,
      updated: 0,
      unchanged: 6,
      offersEnding: 0,
      ignoredColumns: [],
      errors: [],
    });
    const { importId } = (await upload(support.client, exported.body)).json().data;
    expect(await finished(support.client, importId)).toMatchObject({
      status: 'done',
      unchanged: 6,
      errors: 0,
    });
    expect(await catalogue()).toEqual(before);
    const admin = await staffMember(app, 'admin');
    const entries = await admin.client.get(api('/admin/audit?entityType=number'));
    expect(entries.json().data.entries).toEqual([]);
  });
});

describeEachDatabase(
  'stock imports over the size limit',
  (ctx) => {
    it('refuses a file over IMPORT_MAX_BYTES with 413 and keeps nothing', async () => {
      const support = await staffMember(ctx().app, 'support');
      const rows = Array.from({ length: 200 }, (_, i) => `98200${String(i).padStart(5, '0')},5000`);
      const big = ['number,price', ...rows].join('\n');
      for (const dryRun of [true, false]) {
        const res = await support.client.request({
          method: 'POST',
          url: api(`/admin/numbers/import${dryRun ? '?dryRun=true' : ''}`),
          ...multipartFile(big),
        });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({
          code: 'FILE_TOO_LARGE',
          message: 'The file is larger than 1 KB (IMPORT_MAX_BYTES): split it into smaller files.',
        });
      }
      const [row] = await ctx().database.query<{ n: number }>(
        'select count(*)::int as n from imports',
      );
      expect(row?.n).toBe(0);
    });
  },
  { env: { IMPORT_MAX_BYTES: '1024' } },
);

/** DATA_DIR's uploads folder cannot take the file (here a file stands in its place; QA 23 F5). */
const unwritableDataDir = mkdtempSync(join(tmpdir(), 'store-import-unwritable-'));
writeFileSync(join(unwritableDataDir, 'uploads'), '');

describeEachDatabase(
  'stock imports when the upload folder cannot take files',
  (ctx) => {
    it('answer 503 saying what to ask of whoever runs the store, and keep nothing', async () => {
      const support = await staffMember(ctx().app, 'support');
      const res = await support.client.request({
        method: 'POST',
        url: api('/admin/numbers/import'),
        ...multipartFile('number,price\n9820012345,5000\n'),
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 'UPLOAD_FOLDER_NOT_WRITABLE',
        message:
          'The server cannot store the upload: its upload folder (under the DATA_DIR setting) is not writable. Ask whoever runs the store to make it writable, then upload the file again.',
      });
      expect(res.body).not.toContain(unwritableDataDir);
      const [row] = await ctx().database.query<{ n: number }>(
        'select count(*)::int as n from imports',
      );
      expect(row?.n).toBe(0);
    });
    afterAll(() => rmSync(unwritableDataDir, { recursive: true, force: true }));
  },
  { env: { DATA_DIR: unwritableDataDir } },
);
