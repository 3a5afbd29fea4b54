import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes, 1 lane: the OWASP baseline).
// Its Algorithm enum is a const enum that isolatedModules cannot import; a test checks the prefix.

/** The argon2 work, called through this object so tests can count it (vi.spyOn). */
export const argon2 = {
  hash: (password: string) => hash(password),
  verify: (passwordHash: string, password: string) => verify(passwordHash, password),
};

export const hashPassword = (password: string) => argon2.hash(password);

/** A valid argon2id hash of a random string: verified against when no account matched. */
let decoyHash: Promise<string> | undefined;

/** Whether the password matches; a missing hash costs the same time as a wrong password. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  const target = passwordHash ?? (await decoyHash);
  try {
    const matches = await argon2.verify(target, password);
    return matches && passwordHash != null;
  } catch {
    return false;
  }
}
