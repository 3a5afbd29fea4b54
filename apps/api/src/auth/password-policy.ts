import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiFolder } from '../config/api-folder';

const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tire the server. */
export const PASSWORD_MAX_LENGTH = 128;

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(join(apiFolder, 'src/auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/**
 * What is wrong with a new password, in words a person can act on, or null when it is fine.
 * `identity` refuses a password that merely repeats the account's e-mail or mobile number.
 */
export function passwordProblem(
  password: string,
  identity: { email?: string | null; mobile?: string | null } = {},
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  }
  if (isCommonPassword(password)) {
    return 'This password is too common and easy to guess. Please choose another one.';
  }
  return passwordRepeatsIdentity(password, identity);
}

/** Refuses a password that merely repeats the account's e-mail address or mobile number. */
export function passwordRepeatsIdentity(
  password: string,
  identity: { email?: string | null; mobile?: string | null },
): string | null {
  const lower = password.toLowerCase();
  const emailName = identity.email?.toLowerCase().split('@')[0];
  if (
    (identity.email && lower === identity.email.toLowerCase()) ||
    (emailName && emailName.length >= 4 && lower === emailName) ||
    (identity.mobile && lower.includes(identity.mobile))
  ) {
    return 'Your password must not be your e-mail address or mobile number.';
  }
  return null;
}
