import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing';
import { isCommonPassword, passwordProblem } from './password-policy';

describe('the password policy', () => {
  it('wants at least 8 characters', () => {
    expect(passwordProblem('Ab3$xyz')).toBe('Password must be at least 8 characters long.');
    expect(passwordProblem('Ab3$xyzq')).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toContain('at most 128');
  });

  it('refuses the most common passwords, whatever their case', () => {
    for (const common of [
      'password',
      'PASSWORD123',
      '12345678',
      'qwertyuiop',
      'iloveyou',
      'Welcome@123',
      'India@123',
      'Sairam123',
    ]) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common)).not.toBeNull();
    }
    expect(isCommonPassword('purple monkey dishwasher')).toBe(false);
  });

  it('refuses the e-mail or mobile as the password', () => {
    const identity = { email: 'asha.verma@example.com', mobile: '9876543210' };
    expect(passwordProblem('asha.verma@example.com', identity)).toContain('must not be');
    expect(passwordProblem('Asha.Verma', identity)).toContain('must not be');
    expect(passwordProblem('my9876543210', identity)).toContain('must not be');
    expect(passwordProblem('a long passphrase', identity)).toBeNull();
  });
});

describe('password hashing', () => {
  it('uses argon2id and verifies', async () => {
    const hash = await hashPassword('a long passphrase');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a long passphrase')).toBe(true);
    expect(await verifyPassword(hash, 'a long passphrasf')).toBe(false);
    expect(await verifyPassword(null, 'a long passphrase')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });
});
