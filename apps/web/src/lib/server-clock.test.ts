import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, onThisClock } from './server-clock';

const SERVER_NOW = Date.parse('2026-11-29T10:00:00.000Z');

function answer(date: Date, cacheControl?: string): Response {
  const headers = new Headers({ date: date.toUTCString() });
  if (cacheControl) headers.set('cache-control', cacheControl);
  return new Response('{}', { headers });
}

/** This browser's clock `skewMs` ahead of the server's; a 200 ms round trip. */
function noteFromPhoneAhead(skewMs: number, cacheControl?: string) {
  const sentAt = SERVER_NOW + skewMs - 100;
  noteServerDate(answer(new Date(SERVER_NOW), cacheControl), sentAt, sentAt + 200);
}

afterEach(() => noteFromPhoneAhead(0));

describe('the server clock', () => {
  it("puts a server time on a phone clock three minutes fast, to within the header's second", () => {
    noteFromPhoneAhead(3 * 60_000);
    const onPhone = onThisClock('2026-11-29T10:15:00.000Z');
    const expected = Date.parse('2026-11-29T10:18:00.000Z');
    expect(Math.abs(onPhone - expected)).toBeLessThanOrEqual(1_000);
  });

  it('trusts a phone within two seconds of the server as it is', () => {
    noteFromPhoneAhead(1_200);
    expect(onThisClock('2026-11-29T10:15:00.000Z')).toBe(Date.parse('2026-11-29T10:15:00.000Z'));
  });

  it('learns a clock put right later, and ignores what a cached answer says', () => {
    noteFromPhoneAhead(-5 * 60_000);
    expect(onThisClock('2026-11-29T10:15:00.000Z')).toBeLessThan(
      Date.parse('2026-11-29T10:11:00.000Z'),
    );
    noteFromPhoneAhead(60 * 60_000, 'public, max-age=300');
    expect(onThisClock('2026-11-29T10:15:00.000Z')).toBeLessThan(
      Date.parse('2026-11-29T10:11:00.000Z'),
    );
    noteFromPhoneAhead(0);
    expect(onThisClock('2026-11-29T10:15:00.000Z')).toBe(Date.parse('2026-11-29T10:15:00.000Z'));
  });
});
