import { pipeline, Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse';
import {
  classify,
  listInWords,
  mobileNumberProblem,
  normalizeMobile,
  numerology,
  parseRupees,
  type CategorySlug,
} from '@store/domain';
import { stockStatuses, type StockStatus } from '../catalog/catalog-schemas';
import { AppError, badRequest } from '../http/app-error';
import { cellAsWritten } from '../http/spreadsheet-cells';

/** A row that can go in: the number's 10 digits, its prices in paise, and (when asked) its class. */
export interface GoodRow {
  ok: true;
  line: number;
  number: string;
  basePrice: number;
  finalPrice: number;
  category: CategorySlug | null;
  digitSum: number | null;
  mid: number | null;
  total: number | null;
  /** What the status column said, or null when it was left empty (the apply decides). */
  status: StockStatus | null;
}

/** A refused row: what the file said, and why. */
export interface BadRow {
  ok: false;
  line: number;
  number: string;
  priceText: string;
  offerPriceText: string;
  statusText: string;
  reason: string;
}

export type CheckedRow = GoodRow | BadRow;

/** The columns of a stock file; `offer_price` and `status` may be left out. */
const COLUMNS = ['number', 'price', 'offer_price', 'status'] as const;
type Column = (typeof COLUMNS)[number];

/** A column's name without case, spaces, dashes or underscores: "Offer-Price" is offerprice. */
const compactName = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** Columns the export and errors.csv add, ignored without a word so their files load as they are. */
const STORE_COLUMNS = new Set(['category', 'line', 'reason']);

/**
 * Names stock files give the store's columns (compacted). A column so named is refused with the
 * name to give it: ignored, a misnamed offer price would drop every offer and a misnamed status
 * put new numbers on sale; taken for the column, an MRP could be read as the offer.
 */
const LOOK_ALIKES: Record<Column, readonly string[]> = {
  number: [
    'mobile',
    'mobileno',
    'mobilenumber',
    'phone',
    'phoneno',
    'phonenumber',
    'msisdn',
    'cellno',
    'contactno',
    'contactnumber',
    'vipnumber',
    'num',
  ],
  price: ['amount', 'mrp', 'rate', 'cost', 'baseprice', 'listprice', 'rs', 'inr', 'rupees'],
  offer_price: [
    'offer',
    'sellingprice',
    'saleprice',
    'discountprice',
    'discountedprice',
    'specialprice',
    'dealprice',
    'finalprice',
  ],
  status: ['availability', 'stock', 'visibility'],
};

/** Whether two names differ by one letter added, left out or changed, or two letters swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let same = 0;
  while (same < a.length && a[same] === b[same]) same++;
  const restEqual = (skipA: number, skipB: number) =>
    a.slice(same + skipA) === b.slice(same + skipB);
  const swapped = a[same] === b[same + 1] && a[same + 1] === b[same];
  return restEqual(1, 1) || restEqual(1, 0) || restEqual(0, 1) || (swapped && restEqual(2, 2));
}

/** How the header's name is read: a column of the store, its look-alike, or neither. */
function columnNamed(name: string): { column: Column } | { lookAlike: Column } | undefined {
  const compact = compactName(name);
  const column = COLUMNS.find((known) => compactName(known) === compact);
  if (column) return { column };
  const lookAlike = COLUMNS.find(
    (known) => LOOK_ALIKES[known].includes(compact) || oneEditApart(compactName(known), compact),
  );
  return lookAlike ? { lookAlike } : undefined;
}

/** Its +91 cell is quoted as the store's CSVs quote a formula-like cell (inertCell). */
export const TEMPLATE_CSV =
  'number,price,offer_price,status\r\n9820098200,"1,25,000",99999,\r\n\'+91 98200 12345,25000,,coming_soon\r\n';

const HEADER_HELP =
  'The first line must be the header number,price,offer_price,status (offer_price and status may be left out, other columns are ignored; the columns in any order, separated by commas, semicolons or tabs).';

const fileProblem = (message: string) => badRequest(message, 'INVALID_FILE');

/** Excel's "Unicode Text" starts so: UTF-16 little-endian after its byte-order mark. */
const isUtf16le = (head: Buffer) => head[0] === 0xff && head[1] === 0xfe;

/**
 * UTF-16 text as UTF-8 (its mark too), so that the line breaks counted and the record sizes are
 * those of any other file.
 */
function utf8FromUtf16(source: Readable): Readable {
  const decoder = new StringDecoder('utf16le');
  const toUtf8 = new Transform({
    transform: (chunk: Buffer, _encoding, done) => done(null, decoder.write(chunk)),
    flush: (done) => done(null, decoder.end()),
  });
  // Errors reach the reader through `toUtf8`; the callback only keeps them from being unhandled.
  return pipeline(source, toUtf8, () => {});
}

/** Refuses at once what is plainly not a CSV text file: a workbook, a PDF, binary data. */
function sniff(first: Buffer): AppError | undefined {
  if (first.subarray(0, 4).equals(Buffer.from('PK\x03\x04'))) {
    return fileProblem(
      'This is an Excel workbook (.xlsx), not a CSV file: in Excel choose File > Save As > CSV UTF-8, then upload that file.',
    );
  }
  if (
    first.subarray(0, 5).toString('latin1') === '%PDF-' ||
    (first.includes(0) && !isUtf16le(first))
  ) {
    return fileProblem(
      'This is not a CSV text file: in the spreadsheet choose File > Save As > CSV UTF-8 (or Text, tab delimited), then upload that file.',
    );
  }
  return undefined;
}

/** A status as the console writes it: "Coming Soon" is coming_soon. */
const normalStatus = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

type Separator = ',' | ';' | '\t';

/**
 * A file's header: where each column sits, how many fields it has, its separator, and the
 * columns it has that the store does not read (as the file names them).
 */
interface Header {
  columns: Record<Column, number | undefined>;
  width: number;
  separator: Separator;
  ignored: string[];
}

/**
 * Where each column sits, from the header; refuses a header that is missing or wrong, or has a
 * column named like one the store reads (to be renamed).
 */
function readHeader(fields: string[], separator: Separator): Header {
  if (fields.length > 0 && normalizeMobile(fields[0] ?? '') !== null) {
    throw fileProblem(`${HEADER_HELP} This file starts with a row of data.`);
  }
  const names = fields.map((field) => field.trim());
  const readings = names.map(columnNamed);
  const renames = names.flatMap((name, index) => {
    const reading = readings[index];
    return reading && 'lookAlike' in reading ? [`"${name}" to ${reading.lookAlike}`] : [];
  });
  if (renames.length > 0) {
    const one = renames.length === 1;
    throw fileProblem(
      `Rename the column${one ? '' : 's'} ${listInWords(renames)}, or remove ${one ? 'it if it is' : 'them if they are'} something else. ${HEADER_HELP}`,
    );
  }
  const found = readings.map((reading) => (reading && 'column' in reading ? reading.column : null));
  const repeated = found.find((column, index) => column && found.indexOf(column) !== index);
  if (repeated) throw fileProblem(`The column "${repeated}" appears twice. ${HEADER_HELP}`);
  if (!found.includes('number') || !found.includes('price')) {
    throw fileProblem(`${HEADER_HELP} This header has ${names.join(', ')}.`);
  }
  const at = (column: Column) => (found.includes(column) ? found.indexOf(column) : undefined);
  return {
    columns: {
      number: at('number'),
      price: at('price'),
      offer_price: at('offer_price'),
      status: at('status'),
    },
    width: fields.length,
    separator,
    ignored: names
      .map((name, index) => name || `column ${index + 1} (no name)`)
      .filter((name, index) => !found[index] && !STORE_COLUMNS.has(compactName(name))),
  };
}

/**
 * The status column takes the statuses the console shows (and the export writes); the apply
 * refuses held and sold where the number is not so.
 */
const isStockStatus = (text: string): text is StockStatus =>
  (stockStatuses as readonly string[]).includes(text);

const noClass = { category: null, digitSum: null, mid: null, total: null };

/** A number's category and numerology, as the loader stores them. */
function classOf(number: string) {
  const { sum, mid, total } = numerology(number);
  return { category: classify(number).category, digitSum: sum, mid, total };
}

/**
 * Checks one data row: the number (a leading +91 or 0 and spaces are fine), the price and the
 * optional offer price (rupees, Indian grouping fine), and that the number did not come before.
 */
function checkRow(
  { fields, line, header }: DataRecord,
  seen: Map<string, number>,
  withClass: boolean,
): CheckedRow {
  const { columns, width, separator } = header;
  const at = (index: number | undefined) =>
    index === undefined ? '' : cellAsWritten(fields[index] ?? '');
  const numberText = at(columns.number);
  const priceText = at(columns.price);
  const offerPriceText = at(columns.offer_price);
  const statusText = at(columns.status);
  const status = normalStatus(statusText);
  const problems: string[] = [];

  if (fields.slice(width).some((field) => field !== '')) {
    const hint = separator === ',' ? ': a price with commas must be in quotes ("1,25,000")' : '';
    problems.push(`has ${fields.length} fields but the header has ${width}${hint}`);
  }
  const numberProblem = mobileNumberProblem(numberText);
  if (numberProblem) problems.push(`number ${numberProblem}`);
  const price = parseRupees(priceText);
  if ('problem' in price) problems.push(`price ${price.problem}`);
  const offer = offerPriceText === '' ? undefined : parseRupees(offerPriceText);
  if (offer && 'problem' in offer) problems.push(`offer_price ${offer.problem}`);
  if (offer && 'paise' in offer && 'paise' in price && offer.paise > price.paise) {
    problems.push('offer_price is above the price');
  }
  if (status !== '' && !isStockStatus(status)) {
    problems.push(
      'status must be available, hidden, coming_soon or left empty (held and sold only as an export writes them)',
    );
  }
  const number = normalizeMobile(numberText);
  if (number) {
    const first = seen.get(number);
    if (first === undefined) seen.set(number, line);
    else problems.push(`number repeats line ${first}`);
  }

  if (!number || problems.length > 0 || !('paise' in price)) {
    return {
      ok: false,
      line,
      number: numberText,
      priceText,
      offerPriceText,
      statusText,
      reason: problems.join('; '),
    };
  }
  const finalPrice = offer && 'paise' in offer ? offer.paise : price.paise;
  return {
    ok: true,
    line,
    number,
    basePrice: price.paise,
    finalPrice,
    ...(withClass ? classOf(number) : noClass),
    status: isStockStatus(status) ? status : null,
  };
}

const countNewlines = (text: string) => text.split('\n').length - 1;

/** Where in a record's text the quote that is never closed opens ("" inside quotes is a quote). */
function unclosedQuoteIn(text: string): number | undefined {
  let opened: number | undefined;
  for (let at = text.indexOf('"'); at !== -1; at = text.indexOf('"', at + 1)) {
    if (opened === undefined) opened = at;
    else if (text[at + 1] === '"') at++;
    else opened = undefined;
  }
  return opened;
}

/**
 * Turns csv-parse's syntax errors into a 400 that names the line. A quote never closed is named
 * where it opened, not at the file's end as csv-parse does: counted back from the file's line
 * breaks (`newlines`) through the text of its record (`raw`), which runs to the end of the file.
 */
function csvProblem(error: unknown, newlines: number): unknown {
  if (error instanceof AppError) return error;
  const { code, message, lines, raw } = error as {
    code?: string;
    message?: string;
    lines?: number;
    raw?: string;
  };
  const quote = code === 'CSV_QUOTE_NOT_CLOSED' && raw ? unclosedQuoteIn(raw) : undefined;
  if (raw && quote !== undefined) {
    const line = 1 + newlines - countNewlines(raw.slice(quote));
    return fileProblem(
      `The file is not valid CSV: the quote opened on line ${line} is never closed.`,
    );
  }
  if (typeof code === 'string' && (code.startsWith('CSV_') || code === 'INVALID_OPENING_QUOTE')) {
    const what = (message ?? '').split(':')[0] ?? 'not valid CSV';
    return fileProblem(`The file is not valid CSV: ${what.toLowerCase()} on line ${lines ?? '?'}.`);
  }
  return error;
}

export interface CheckOptions {
  /** Rows per batch. */
  batchSize?: number;
  /**
   * Told, once the header is read, the columns the store does not read (as the file names them)
   * and whether the file has an offer_price column (without one, offers stay as they are).
   */
  onHeader?: (header: { ignoredColumns: string[]; offerColumn: boolean }) => void;
  /** Classify good rows (category and numerology), as staging needs and a dry run does not. */
  classify?: boolean;
}

interface DataRecord {
  fields: string[];
  /** The file's line where the record starts (the header is line 1). */
  line: number;
  header: Header;
}

/** The most bytes a record may have (csv-parse's max_record_size). */
const MAX_RECORD_BYTES = 64 * 1024;

const hasLineBreak = (chunk: Buffer) => chunk.includes(0x0a) || chunk.includes(0x0d);

/** A stream's first chunks, up to its first line break at least, and all of it again. */
async function readAhead(source: Readable) {
  const chunks: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const ahead: Buffer[] = [];
  for (let size = 0, lineEnded = false; !lineEnded && size < MAX_RECORD_BYTES;) {
    const next = await chunks.next();
    if (next.done) break;
    ahead.push(next.value);
    size += next.value.length;
    lineEnded = hasLineBreak(next.value);
  }
  async function* again() {
    yield* ahead;
    // Delegating passes an early end on to the source, which is then destroyed.
    yield* { [Symbol.asyncIterator]: () => chunks };
  }
  return { head: Buffer.concat(ahead), whole: Readable.from(again(), { objectMode: false }) };
}

/**
 * A tab when the header line has one (Excel's "Text (Tab delimited)" and "Unicode Text"); a
 * semicolon when it has semicolons and no commas (spreadsheets save CSV so where the comma is
 * the decimal separator); else a comma.
 */
function separatorOf(head: Buffer): Separator {
  const [headerLine = ''] = head.toString(isUtf16le(head) ? 'utf16le' : 'utf8').split(/[\r\n]/, 1);
  if (headerLine.includes('\t')) return '\t';
  return headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';
}

/**
 * The data records of a stock CSV read as a stream, after its header (checked). Accepts what
 * spreadsheets write: a UTF-8 byte-order mark (or UTF-16 after its mark), CRLF, quoted fields,
 * blank lines, commas, semicolons or tabs between fields. Throws a 400 (INVALID_FILE) for a file
 * that is empty, not CSV, or whose header is missing or wrong.
 */
async function* dataRecords(
  source: Readable,
  onHeader?: (header: Header) => void,
): AsyncGenerator<DataRecord> {
  const { head, whole } = await readAhead(source);
  const problem = sniff(head);
  if (problem) {
    source.destroy();
    throw problem;
  }
  const separator = separatorOf(head);
  // The line breaks read so far and each record's text (raw) place a quote never closed (csvProblem).
  let newlines = 0;
  const newlineCounter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) newlines++;
      done(null, chunk);
    },
  });
  const parser = parse({
    bom: true,
    delimiter: separator,
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  // Errors reach the loop below through the parser; the callback only keeps them from being unhandled.
  pipeline(isUtf16le(head) ? utf8FromUtf16(whole) : whole, newlineCounter, parser, () => {});

  let header: Header | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!header) {
        header = readHeader(record, separator);
        onHeader?.(header);
        continue;
      }
      if (record.every((field) => field === '')) continue;
      // info.lines is where the record ends; a quoted field may span lines.
      const line = info.lines - record.reduce((n, field) => n + countNewlines(field), 0);
      yield { fields: record, line, header };
    }
  } catch (error) {
    throw csvProblem(error, newlines);
  }
  if (!header) throw fileProblem(`The file is empty. ${HEADER_HELP}`);
}

/** How many data rows a stock file has (the header and blank lines not counted). */
export async function countRows(source: Readable): Promise<number> {
  let rows = 0;
  for await (const _record of dataRecords(source)) rows++;
  return rows;
}

/**
 * The data rows of a stock CSV checked, in batches: memory holds one batch (and the numbers
 * seen, to refuse repeats) whatever the file's size. File problems as dataRecords.
 */
export async function* checkedRows(
  source: Readable,
  options: CheckOptions = {},
): AsyncGenerator<CheckedRow[]> {
  const { batchSize = 2_000, classify: withClass = false, onHeader } = options;
  const seen = new Map<string, number>();
  let batch: CheckedRow[] = [];
  const told = (header: Header) =>
    onHeader?.({
      ignoredColumns: header.ignored,
      offerColumn: header.columns.offer_price !== undefined,
    });
  for await (const record of dataRecords(source, told)) {
    batch.push(checkRow(record, seen, withClass));
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
