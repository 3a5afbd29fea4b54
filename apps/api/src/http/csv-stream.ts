import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { inertCell } from './spreadsheet-cells';

/**
 * A CSV download as a stream: the header, then the rows as `rows` yields them (read a batch at a
 * time from the database), so memory holds one batch whatever the file's size. Every text cell
 * is made inert to spreadsheets (`inertCell`). `bom`: a UTF-8 byte-order mark first, without
 * which Excel reads text beyond ASCII (a ₹) as another encoding. A failed read ends the stream
 * with the error instead of leaving the response open.
 */
export function csvStream(
  columns: string[],
  rows: () => AsyncIterable<unknown[]>,
  { bom = false } = {},
): Readable {
  return pipeline(
    Readable.from(rows()),
    stringify({ bom, header: true, columns, cast: { string: inertCell } }),
    () => {},
  );
}
