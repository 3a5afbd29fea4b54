import { describe, expect, it } from 'vitest';
import { isExampleEmail } from './demo-identity';

describe('isExampleEmail', () => {
  it('knows the domains reserved for examples and their subdomains, in any case', () => {
    for (const address of ['support@example.com', 'a@mail.example.org', ' B@EXAMPLE.NET ']) {
      expect(isExampleEmail(address), address).toBe(true);
    }
    for (const address of [
      'support@shubh.in',
      'a@example.co.in',
      'a@myexample.com',
      'a@example.com.in',
    ]) {
      expect(isExampleEmail(address), address).toBe(false);
    }
  });
});
