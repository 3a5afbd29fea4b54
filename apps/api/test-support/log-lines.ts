import { Writable } from 'node:stream';

/** A line of the server's log (pino's JSON). */
export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** A stream to give buildApp as `logStream`, and the log lines written to it, parsed. */
export function logLines() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}
