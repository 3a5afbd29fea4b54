import { signAccessToken } from '../src/auth/access-token';
import { createRefreshToken } from '../src/auth/refresh-tokens';
import { ACCESS_COOKIE } from '../src/auth/session-cookies';
import { sessionKeys } from '../src/auth/session-keys';
import type { Database } from '../src/db/database';
import { addresses, users } from '../src/db/schema';

/**
 * People made straight in the database of a running server, each with the access cookie that
 * server accepts (it must run with `secret` as SESSION_SECRET): for the tests that start real
 * server processes and need many buyers or a staff member without the OTP round trips. Each has
 * an address in Delhi saved, as an invoice of ₹50,000 or more names one (decision 0106).
 */
const sessionTtls = { REFRESH_TOKEN_TTL_SECONDS: 3600, REFRESH_REUSE_GRACE_SECONDS: 0 };

export function signedInPeople(database: Pick<Database, 'db'>, secret: string) {
  const keys = sessionKeys({ SESSION_SECRET: secret });
  return async (n: number, role: 'customer' | 'support' = 'customer'): Promise<string> => {
    const [user] = await database.db
      .insert(users)
      .values({
        name: `Person ${n}`,
        email: `person.${n}@example.com`,
        mobile: `70000${String(n).padStart(5, '0')}`,
        accountType: 'Individual',
        role,
        acceptTermsAndConditions: true,
      })
      .returning();
    await database.db.insert(addresses).values({
      userId: user!.id,
      line1: '12 MG Road',
      city: 'New Delhi',
      state: 'Delhi',
      pinCode: '110001',
    });
    const { familyId } = await createRefreshToken(database.db, sessionTtls, user!.id);
    const session = { id: user!.id, role: user!.role, sessionId: familyId };
    return `${ACCESS_COOKIE}=${signAccessToken(session, keys.accessToken, 900).token}`;
  };
}
