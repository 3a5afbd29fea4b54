import { pipeline, Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse';
import {
  classify,
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
/** Columns the export and errors.csv add, taken and ignored so their files load as they are. */
const IGNORED_COLUMNS = new Set(['category', 'line', 'reason']);

/** Its +91 cell is quoted as the store's CSVs quote a formula-like cell (inertCell). */
export const TEMPLATE_CSV =
  'number,price,offer_price,status\r\n9820098200,"1,25,000",99999,\r\n\'+91 98200 12345,25000,,coming_soon\r\n';

const HEADER_HELP =
  'The first line must be the header number,price,offer_price,status (offer_price and status may be left out; the columns in any order, separated by commas, semicolons or tabs).';

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

const normalColumnName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

type Separator = ',' | ';' | '\t';

/** A file's header: where each column sits, how many fields it has, and its separator. */
interface Header {
  columns: Record<(typeof COLUMNS)[number], number | undefined>;
  width: number;
  separator: Separator;
}

/** Where each column sits, from the header; refuses a header that is missing or wrong. */
function readHeader(fields: string[], separator: Separator): Header {
  const names = fields.map(normalColumnName);
  if (names.length > 0 && normalizeMobile(fields[0] ?? '') !== null) {
    throw fileProblem(`${HEADER_HELP} This file starts with a row of data.`);
  }
  const unknown = names.filter(
    (name) => !(COLUMNS as readonly string[]).includes(name) && !IGNORED_COLUMNS.has(name),
  );
  if (unknown.length > 0) {
    throw fileProblem(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}. ${HEADER_HELP}`,
    );
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) {
    throw fileProblem(`The column "${repeated[0]}" appears twice. ${HEADER_HELP}`);
  }
  if (!names.includes('number') || !names.includes('price')) {
    throw fileProblem(`${HEADER_HELP} This header has ${names.join(', ')}.`);
  }
  const columns = {
    number: names.indexOf('number'),
    price: names.indexOf('price'),
    offer_price: names.includes('offer_price') ? names.indexOf('offer_price') : undefined,
    status: names.includes('status') ? names.indexOf('status') : undefined,
  };
  return { columns, width: fields.length, separator };
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
  const status = normalColumnName(statusText);
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
async function* dataRecords(source: Readable): AsyncGenerator<DataRecord> {
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
  const { batchSize = 2_000, classify: withClass = false } = options;
  const seen = new Map<string, number>();
  let batch: CheckedRow[] = [];
  for await (const record of dataRecords(source)) {
    batch.push(checkRow(record, seen, withClass));
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
