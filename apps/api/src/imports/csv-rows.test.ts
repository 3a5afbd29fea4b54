import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkedRows, type CheckedRow } from './csv-rows';

/** Every row of a file as the reader checks it, and the columns it ignored. */
async function readWithColumns(content: string | Buffer) {
  const rows: CheckedRow[] = [];
  let ignored: string[] | undefined;
  const checked = checkedRows(Readable.from([Buffer.from(content)]), {
    onHeader: (header) => (ignored = header.ignoredColumns),
  });
  for await (const batch of checked) rows.push(...batch);
  return { rows, ignored };
}

const read = async (content: string | Buffer) => (await readWithColumns(content)).rows;

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
      'The file is empty. The first line must be the header number,price,offer_price,status (offer_price and status may be left out, other columns are ignored; the columns in any order, separated by commas, semicolons or tabs).',
    );
  });

  it('ignores the columns it does not read and says which, but not those its own files add', async () => {
    const { rows, ignored } = await readWithColumns(
      'Number,Price,State,City,Notes,,category,Reason,line\n9820098200,5000,Maharashtra,Mumbai,VIP,,,,\n',
    );
    expect(outline(rows)).toEqual([[2, '9820098200', 5_000_00, 5_000_00, null]]);
    expect(ignored).toEqual(['State', 'City', 'Notes', 'column 6 (no name)']);
    expect((await readWithColumns('number,price\n')).ignored).toEqual([]);
  });

  it("takes a column's name whatever its case, spaces, dashes or underscores, in any order", async () => {
    const files = [
      ' Number ,PRICE,Offer Price,Status\n9820098200,5000,4000,hidden',
      'number,price,offerprice,STATUS\n9820098200,5000,4000,hidden',
      'NUMBER,Price,Offer-Price,status\n9820098200,5000,4000,hidden',
      'number\tprice\toffer__price\tstatus\n9820098200\t5000\t4000\thidden',
      'Status;Offer Price;Price;Number\nhidden;4000;5000;9820098200',
    ];
    for (const file of files) {
      expect(outline(await read(file)), file).toEqual([
        [2, '9820098200', 5_000_00, 4_000_00, 'hidden'],
      ]);
    }
    expect(await refusal('number,price,Offer Price,offer_price\n')).toMatch(
      /^The column "offer_price" appears twice\./,
    );
  });

  it('refuses a column named like one it reads, naming the column to rename', async () => {
    const renames: [string, string][] = [
      ['number,price,Selling Price', 'Rename the column "Selling Price" to offer_price'],
      ['number,price,ofer_price', 'Rename the column "ofer_price" to offer_price'],
      ['number,price,Staus', 'Rename the column "Staus" to status'],
      ['Mobile,Price', 'Rename the column "Mobile" to number'],
      ['mobile_number,price', 'Rename the column "mobile_number" to number'],
      ['MSISDN,price', 'Rename the column "MSISDN" to number'],
      ['numbr,price', 'Rename the column "numbr" to number'],
      ['number,Amount', 'Rename the column "Amount" to price'],
      ['number,prcie', 'Rename the column "prcie" to price'],
      [
        'Mobile,MRP,Selling Price',
        'Rename the columns "Mobile" to number, "MRP" to price and "Selling Price" to offer_price, or remove them if they are something else.',
      ],
    ];
    for (const [header, message] of renames) {
      expect(await refusal(`${header}\n`), header).toContain(message);
    }
    expect(await refusal('number,MRP\n')).toMatch(
      /^Rename the column "MRP" to price, or remove it if it is something else\. The first line must be the header/,
    );
  });
});
