import { z } from 'zod';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { users } from '../db/schema';
import { emailField, mobileField, nameField } from '../users/user-schemas';
import { assertContactsFree, findUserByEmail, findUserByMobile } from '../users/user-store';
import type { UserRow } from '../users/user-mapping';

export const staffAccountInput = z.object({
  name: nameField,
  email: emailField,
  mobile: mobileField,
  role: z.enum(['support', 'admin'], { error: 'The role must be support or admin.' }),
});
export type StaffAccountInput = z.input<typeof staffAccountInput>;

/**
 * A support or admin account. It has no password: staff sign in with a code sent to their
 * mobile or e-mail, or set a password through "forgot password".
 */
export async function createStaffAccount(db: Db, input: StaffAccountInput): Promise<UserRow> {
  const staff = staffAccountInput.parse(input);
  await assertContactsFree(db, staff.email, staff.mobile);
  const [row] = await db
    .insert(users)
    .values({
      name: staff.name,
      email: staff.email,
      mobile: staff.mobile,
      passwordHash: null,
      accountType: 'Individual',
      role: staff.role,
      getWhatsappUpdate: false,
      acceptTermsAndConditions: false,
    })
    .returning();
  return row!;
}

/** The demo support agent: for local use only, never created in production. */
export const DEMO_SUPPORT_ACCOUNT = {
  name: 'Demo Support',
  email: 'support.demo@example.com',
  mobile: '9000000001',
  role: 'support',
} as const;

/**
 * Creates the demo support account when it is absent (called with the demo data). It signs in
 * with a code: POST /api/v1/auth/sign-in with its mobile, then read the code from the dev outbox.
 */
export async function ensureDemoSupportAccount(
  database: Database,
  config: Pick<Config, 'isProduction' | 'DEMO_DATA_COUNT'>,
  log: (line: string) => void = () => {},
): Promise<void> {
  if (config.isProduction || config.DEMO_DATA_COUNT === 0) return;
  const { db } = database;
  if (
    (await findUserByEmail(db, DEMO_SUPPORT_ACCOUNT.email)) ||
    (await findUserByMobile(db, DEMO_SUPPORT_ACCOUNT.mobile))
  ) {
    return;
  }
  await createStaffAccount(db, DEMO_SUPPORT_ACCOUNT);
  log(
    `Demo support account created (local use only): sign in with mobile ${DEMO_SUPPORT_ACCOUNT.mobile} and read the code at /api/v1/dev/outbox?to=${DEMO_SUPPORT_ACCOUNT.mobile}`,
  );
}
