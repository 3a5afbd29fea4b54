import type { z } from 'zod';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/database';
import { isUniqueViolation } from '../db/transactions';
import { AppError, badRequest, conflict } from '../http/app-error';
import {
  toApiAddress,
  toApiUser,
  toBillingDetails,
  type ApiAddress,
  type ApiUser,
  type BillingDetails,
  type UserRow,
} from './user-mapping';
import {
  staffAccountInput,
  type StaffAccountInput,
  type addressBody,
  type profileUpdateBody,
} from './user-schemas';
import {
  countActiveAdmins,
  findContacts,
  findOpenContacts,
  findStaff,
  findUserByEmail,
  findUserById,
  findUserByMobile,
  findUsersByContacts,
  findUserWithAddress,
  insertUser,
  lockAccount,
  lockStaffChanges,
  lockStaffAccount,
  updateUser,
  upsertAddress,
  type NewUser,
} from './user-store';
import { recordConsents, recordFirstConsent } from './consents';

export type { BillingDetails, UserRow } from './user-mapping';

/** The payload of a sign-in and of the profile call: `{ user, address }`. */
export interface UserWithAddress {
  user: ApiUser;
  address: ApiAddress | null;
}

/** The demo support agent: for local use only, never created in production. */
export const DEMO_SUPPORT_ACCOUNT = {
  name: 'Demo Support',
  email: 'support.demo@example.com',
  mobile: '9000000001',
  role: 'support',
} as const;

const emailTaken = () =>
  conflict(
    'An account with this e-mail address already exists. Please sign in instead.',
    'EMAIL_TAKEN',
  );
const mobileTaken = () =>
  conflict(
    'An account with this mobile number already exists. Please sign in instead.',
    'MOBILE_TAKEN',
  );

/** Accounts: buyers and staff, their profile and their one address. */
export function createUserService({ database }: { database: Database }) {
  const db = database.db;

  /** The 409 to answer when the e-mail or the mobile already belongs to an account. */
  async function contactsTaken(email: string, mobile: string, executor: Db = db) {
    const taken = await findUsersByContacts(executor, email, mobile);
    if (taken.some((row) => row.email === email.toLowerCase())) return emailTaken();
    if (taken.some((row) => row.mobile === mobile)) return mobileTaken();
    return undefined;
  }

  /** 409 when the e-mail or the mobile already belongs to an account. */
  async function assertContactsFree(email: string, mobile: string, executor: Db = db) {
    const taken = await contactsTaken(email, mobile, executor);
    if (taken) throw taken;
  }

  async function profile(id: string): Promise<UserWithAddress | undefined> {
    const row = await findUserWithAddress(db, id);
    return row && { user: toApiUser(row.user), address: toApiAddress(row.address) };
  }

  /**
   * A support or admin account. It has no password: staff sign in with a code sent to their
   * mobile or e-mail, or set a password through "forgot password".
   */
  async function createStaffAccount(input: StaffAccountInput, executor: Db = db): Promise<UserRow> {
    const staff = staffAccountInput.parse(input);
    await assertContactsFree(staff.email, staff.mobile, executor);
    return insertUser(executor, {
      name: staff.name,
      email: staff.email,
      mobile: staff.mobile,
      passwordHash: null,
      accountType: 'Individual',
      role: staff.role,
      getWhatsappUpdate: false,
      acceptTermsAndConditions: false,
    });
  }

  return {
    findById: (id: string, executor: Db = db) => findUserById(executor, id),
    findByEmail: (email: string) => findUserByEmail(db, email),
    findByMobile: (mobile: string) => findUserByMobile(db, mobile),
    /** Who the account's invoices are made out to (the cart's figures). */
    async billingDetails(id: string): Promise<BillingDetails | undefined> {
      const row = await findUserWithAddress(db, id);
      return row && toBillingDetails(row.user, row.address);
    },
    /**
     * The same for an order about to be made or paid for in `tx` (checkout copies it into the
     * order), the account's row locked FOR KEY SHARE until `tx` ends (decision 0063): closing
     * the account (FOR UPDATE) waits for the order and then sees it, and an order waits for a
     * close under way and then finds the account closed. Undefined for a closed or absent one.
     */
    async lockForOrder(id: string, tx: Db): Promise<BillingDetails | undefined> {
      const row = await findUserWithAddress(tx, id, { keyShare: true });
      return row && !row.user.closedAt ? toBillingDetails(row.user, row.address) : undefined;
    },
    /**
     * Names and contacts of these accounts, and whether each wants WhatsApp updates (the
     * support console's buyers, the order messages), read in the caller's transaction when
     * given one.
     */
    contacts: (ids: readonly string[], executor: Db = db) => findContacts(executor, ids),
    /**
     * Where messages to these accounts go now (the e-mail, mobile, WhatsApp choice of each), by
     * account id, read in the caller's transaction in one query; none for a closed account,
     * which has no contacts (decision 0064).
     */
    openContacts: (ids: readonly string[], executor: Db = db) => findOpenContacts(executor, ids),
    accountType: async (id: string) => (await findUserById(db, id))?.accountType,
    contactsTaken,
    profile,
    /** Consents given or withdrawn, with their time and policy version (decision 0057). */
    recordConsents,
    recordFirstConsent,

    /**
     * The 409 to answer when another account holds this e-mail address or mobile (a change of
     * contact): the same words registration uses, naming no account.
     */
    async contactTaken(contact: { email: string } | { mobile: string }, executor: Db = db) {
      const holder =
        'email' in contact
          ? await findUserByEmail(executor, contact.email)
          : await findUserByMobile(executor, contact.mobile);
      if (!holder) return undefined;
      return 'email' in contact ? emailTaken() : mobileTaken();
    },

    /** The account locked until `tx` ends, its contacts as they are before a change; or undefined. */
    lockAccount: (tx: Db, id: string) => lockAccount(tx, id),

    /**
     * Sets the account's new e-mail or mobile in `tx` (its code verified); 409 when another
     * account took it meanwhile.
     */
    async setContact(tx: Db, id: string, contact: { email: string } | { mobile: string }) {
      try {
        await updateUser(tx, id, contact);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw 'email' in contact ? emailTaken() : mobileTaken();
      }
    },

    /**
     * A customer account from a verified registration, in the caller's transaction, with the
     * consents it gave (decision 0057).
     */
    async createCustomer(executor: Db, details: Omit<NewUser, 'role'>) {
      await assertContactsFree(details.email, details.mobile, executor);
      const row = await insertUser(executor, { ...details, role: 'customer' });
      const kinds = details.getWhatsappUpdate ? ['terms', 'whatsapp_updates'] : ['terms'];
      await recordConsents(
        executor,
        (kinds as ('terms' | 'whatsapp_updates')[]).map((kind) => ({
          userId: row.id,
          kind,
          given: true,
          source: 'registration',
        })),
      );
      return { id: row.id, role: row.role };
    },

    /**
     * The 409 to answer when `error` is a unique violation on the users table (an e-mail or a
     * mobile taken between the check and the insert); undefined for any other error.
     */
    async takenContactError(error: unknown, email: string): Promise<AppError | undefined> {
      if (!isUniqueViolation(error)) return undefined;
      return (await findUserByEmail(db, email)) ? emailTaken() : mobileTaken();
    },

    setPasswordHash: (executor: Db, id: string, passwordHash: string) =>
      updateUser(executor, id, { passwordHash }),

    /**
     * Changes the name, WhatsApp updates, and for Corporate the company name and GSTIN.
     * Undefined when the account no longer exists.
     */
    async updateProfile(
      id: string,
      body: z.output<typeof profileUpdateBody>,
    ): Promise<UserWithAddress | undefined> {
      const user = await findUserById(db, id);
      if (!user) return undefined;
      if (user.accountType !== 'Corporate' && (body.companyName || body.gstinNo)) {
        throw badRequest(
          'Company name and GSTIN belong to Corporate accounts only.',
          'VALIDATION_ERROR',
        );
      }
      const changes: Partial<NewUser> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.getWhatsappUpdate !== undefined) changes.getWhatsappUpdate = body.getWhatsappUpdate;
      if (body.companyName !== undefined) changes.companyName = body.companyName;
      if (body.gstinNo !== undefined) changes.gstinNo = body.gstinNo;
      if (Object.keys(changes).length > 0) {
        await db.transaction(async (tx) => {
          await updateUser(tx, id, changes);
          // Only a change is a consent given or withdrawn (the form sends the box every time).
          if (
            changes.getWhatsappUpdate !== undefined &&
            changes.getWhatsappUpdate !== user.getWhatsappUpdate
          ) {
            const given = changes.getWhatsappUpdate;
            await recordConsents(tx, [
              { userId: id, kind: 'whatsapp_updates', given, source: 'profile' },
            ]);
          }
        });
      }
      return profile(id);
    },

    /** Saves the account's one address. Undefined when the account no longer exists. */
    async saveAddress(
      id: string,
      address: z.output<typeof addressBody>,
    ): Promise<UserWithAddress | undefined> {
      if (!(await findUserById(db, id))) return undefined;
      await upsertAddress(db, id, { ...address, line2: address.line2 ?? null });
      return profile(id);
    },

    /** The first address an account gives (at checkout) becomes its saved one, in `executor`. */
    async keepFirstAddress(id: string, address: ApiAddress, executor: Db): Promise<void> {
      await upsertAddress(executor, id, address, 'keep');
    },

    createStaffAccount,

    /** Support and admin accounts, by name. */
    listStaff: () => findStaff(db),
    /** A staff account locked in `tx` (undefined for a customer or no one). */
    lockStaff: (tx: Db, id: string) => lockStaffAccount(tx, id),
    /**
     * Serialises the changes of staff accounts (taken first, so two changes never wait on each
     * other's rows): none can then leave the store without an active administrator.
     */
    lockStaffChanges: (tx: Db) => lockStaffChanges(tx),
    /** Administrators not disabled, other than `id`. */
    activeAdminsOtherThan: (tx: Db, id: string) => countActiveAdmins(tx, id),
    setRole: (tx: Db, id: string, role: 'support' | 'admin') => updateUser(tx, id, { role }),
    /** Disables the account now (a Date) or enables it again (null). */
    setDisabledAt: (tx: Db, id: string, disabledAt: Date | null) =>
      updateUser(tx, id, { disabledAt }),

    /**
     * Creates the demo support account when it is absent (called with the demo data). It signs
     * in with a code: POST /api/v1/auth/sign-in with its mobile, then read the code from the
     * dev outbox.
     */
    async ensureDemoSupportAccount(
      config: Pick<Config, 'isProduction' | 'DEMO_DATA_COUNT'>,
      log: (line: string) => void = () => {},
    ): Promise<void> {
      if (config.isProduction || config.DEMO_DATA_COUNT === 0) return;
      if (
        (await findUserByEmail(db, DEMO_SUPPORT_ACCOUNT.email)) ||
        (await findUserByMobile(db, DEMO_SUPPORT_ACCOUNT.mobile))
      ) {
        return;
      }
      await createStaffAccount(DEMO_SUPPORT_ACCOUNT);
      log(
        `Demo support account created (local use only): sign in with mobile ${DEMO_SUPPORT_ACCOUNT.mobile} and read the code at /api/v1/dev/outbox?to=${DEMO_SUPPORT_ACCOUNT.mobile}`,
      );
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
