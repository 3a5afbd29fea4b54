import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkedRows, type CheckedRow } from './csv-rows';

/** Every row of a file as the reader checks it, or the message of the file's refusal. */
async function read(content: string | Buffer): Promise<CheckedRow[]> {
  const rows: CheckedRow[] = [];
  for await (const batch of checkedRows(Readable.from([Buffer.from(content)]))) rows.push(...batch);
  return rows;
}

const refusal = (content: string | Buffer) =>
  read(content).then(
    () => 'read',
    (error: Error) => error.message,
  );

/** The line, number and price in paise of each good row; the line and reason of each refused one. */
const outline = (rows: CheckedRow[]) =>
  rows.map((row) =>
    row.ok
      ? [row.line, row.number, row.basePrice, row.finalPrice, row.status]
      : [row.line, row.reason],
  );

const BOM = '\ufeff';

describe('the stock file reader', () => {
  it("reads Excel's Text (Tab delimited): a BOM, CRLF, tabs, quoted prices with commas", async () => {
    const file = [
      `${BOM}number\tprice\toffer_price\tstatus`,
      '9820098200\t"1,25,000"\t99999\t',
      '+91 98200 11111\t25000\t\thidden',
      '9820022222\t"1,50,000"\t"1,20,000"\tComing Soon',
      '9820033333\t5000\t6000\t',
      '9820044444\t5000\t\t\t7',
    ].join('\r\n');
    expect(outline(await read(file))).toEqual([
      [2, '9820098200', 1_25_000_00, 99_999_00, null],
      [3, '9820011111', 25_000_00, 25_000_00, 'hidden'],
      [4, '9820022222', 1_50_000_00, 1_20_000_00, 'coming_soon'],
      [5, 'offer_price is above the price'],
      [6, 'has 5 fields but the header has 4'],
    ]);
  });

  it("reads Excel's Unicode Text (UTF-16 little-endian after its mark), and names its lines", async () => {
    const utf16 = (text: string) =>
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const file = 'number\tprice\toffer_price\r\n9820098200\t₹1,25,000\t\r\n9820011111\tabc\t\r\n';
    expect(outline(await read(utf16(file)))).toEqual([
      [2, '9820098200', 1_25_000_00, 1_25_000_00, null],
      [3, 'price is not an amount in rupees (abc): write e.g. 25000 or 1,25,000'],
    ]);
    expect(await refusal(utf16('number\tprice\r\n9820098200\t5000\r\n"9820011111\t6000\r\n'))).toBe(
      'The file is not valid CSV: the quote opened on line 3 is never closed.',
    );
    // UTF-16 with no mark cannot be told from binary data.
    expect(await refusal(Buffer.from('number\tprice\r\n', 'utf16le'))).toMatch(
      /^This is not a CSV text file: in the spreadsheet choose File > Save As > CSV UTF-8/,
    );
  });

  it('says in its header help every column it takes and every separator', async () => {
    expect(await refusal('')).toBe(
      'The file is empty. The first line must be the header number,price,offer_price,status (offer_price and status may be left out; the columns in any order, separated by commas, semicolons or tabs).',
    );
  });
});
