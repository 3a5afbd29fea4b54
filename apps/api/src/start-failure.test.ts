import { describe, expect, it } from 'vitest';
import { startFailureHeadline } from './start-failure';

describe('startFailureHeadline', () => {
  it("puts the database's own reason first, not the failed query", () => {
    const database = Object.assign(new Error('permission denied for schema public'), {
      code: '42501',
    });
    const drizzle = new Error('Failed query: CREATE TABLE "addresses" (\n  "id" uuid …\n)', {
      cause: database,
    });
    expect(startFailureHeadline(drizzle)).toBe(
      'The server could not start: permission denied for schema public\n(the details follow)',
    );
  });

  it('says an error without a cause as it is', () => {
    expect(startFailureHeadline(new Error('listen EADDRINUSE: address already in use'))).toBe(
      'The server could not start: listen EADDRINUSE: address already in use',
    );
  });
});
