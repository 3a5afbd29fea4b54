import { parse } from 'csv-parse/sync';

/**
 * A multipart/form-data body carrying one file, as a browser's FormData sends it, for
 * `app.inject` (which builds no multipart bodies itself). `cutOff`: the body ends inside the
 * file, without its closing boundary, as an upload whose connection dropped.
 */
export function multipartFile(
  content: string | Buffer,
  { field = 'file', fileName = 'stock.csv', type = 'text/csv', cutOff = false } = {},
) {
  const boundary = `----store-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(cutOff ? '' : `\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The rows of a CSV the API wrote, header first (after the byte-order mark of errors.csv). */
export const csvRows = (text: string): string[][] => parse(text, { bom: true });
