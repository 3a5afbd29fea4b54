import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openKnownDevice, sealKnownDevice } from './known-device';

const key = randomBytes(32);
const userId = '0b6f3c1e-8d2a-4f5b-9c7d-1e2f3a4b5c6d';

describe('the known-device cookie', () => {
  it('names its account only to the server: nothing readable in the cookie', () => {
    const value = sealKnownDevice(userId, key, 3600);
    expect(openKnownDevice(value, key)).toBe(userId);
    const readable = value
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ');
    expect(readable).not.toContain(userId);
    expect(readable).not.toMatch(/customer|admin|support|sub/);
    // Sealed afresh each time: two sign-ins of one account do not look alike.
    expect(sealKnownDevice(userId, key, 3600)).not.toBe(value);
  });

  it('refuses a forged, altered, expired or malformed value', () => {
    const value = sealKnownDevice(userId, key, 3600, new Date('2026-01-01T00:00:00Z'));
    expect(openKnownDevice(value, key, new Date('2026-01-01T00:59:00Z'))).toBe(userId);
    expect(openKnownDevice(value, key, new Date('2026-01-01T01:00:01Z'))).toBeNull();
    expect(openKnownDevice(value, randomBytes(32), new Date('2026-01-01T00:10:00Z'))).toBeNull();
    const [iv, sealed, tag] = value.split('.');
    const flipped = Buffer.from(sealed!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const altered = [iv, flipped.toString('base64url'), tag].join('.');
    expect(openKnownDevice(altered, key, new Date('2026-01-01T00:10:00Z'))).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${value}.x`, 'x'.repeat(500)]) {
      expect(openKnownDevice(junk, key)).toBeNull();
    }
  });
});
