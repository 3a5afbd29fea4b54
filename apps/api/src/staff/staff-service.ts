import type { AuditService } from '../audit/audit-service';
import type { AuthService } from '../auth/auth-service';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transactions';
import { AppError, conflict, notFound } from '../http/app-error';
import type { Notifier, OutgoingMessage } from '../notify/notifier';
import { enqueueMessages, type Outbox } from '../notify/outbox';
import { smsMessage } from '../notify/sms-templates';
import type { UserRow, UserService } from '../users/user-service';
import type { StaffAccountInput } from '../users/user-schemas';
import type { StaffChange, StaffInvited, StaffMemberView } from './staff-schemas';

interface StaffDeps {
  config: Pick<Config, 'STORE_NAME' | 'PUBLIC_BASE_URL' | 'PUBLIC_SUPPORT_EMAIL'>;
  database: Database;
  notifier: Pick<Notifier, 'delivers'>;
  outbox: Pick<Outbox, 'deliverNow' | 'statuses'>;
  users: UserService;
  auth: Pick<AuthService, 'revokeSessions'>;
  audit: AuditService;
}

/** An invitation's contact already used by an account (a buyer's, or a member's): what staff are told. */
export const takenByAnother: Record<string, string> = {
  EMAIL_TAKEN:
    'Another account already uses this e-mail address: each team member needs an e-mail address and a mobile number of their own.',
  MOBILE_TAKEN:
    'Another account already uses this mobile number: each team member needs an e-mail address and a mobile number of their own.',
};

const toView = (row: UserRow): StaffMemberView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  role: row.role === 'admin' ? 'admin' : 'support',
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const roleName = (role: string) => (role === 'admin' ? 'an administrator' : 'support');

/** How a new member signs in: with a code to their mobile, as the demo support account does. */
function invitation(
  config: StaffDeps['config'],
  member: UserRow,
  invitedBy: string,
): OutgoingMessage[] {
  const store = config.STORE_NAME;
  const consoleUrl = `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/admin`;
  const subject = `You have been added to the ${store} team`;
  const text = [
    `Hello ${member.name},`,
    '',
    `${invitedBy} has added you to the ${store} team as ${roleName(member.role)}.`,
    '',
    `To sign in, open ${consoleUrl}, choose Sign In, then "With OTP", and enter your mobile number ${member.mobile}. We send you a code by SMS and e-mail. Your account has no password; you can set one later with "Forgot password".`,
    '',
    // The account can sign in whether or not the e-mail is read: an unexpected one is reported.
    `If you did not expect this, tell us at ${config.PUBLIC_SUPPORT_EMAIL} or tell ${invitedBy}, so that the account is removed.`,
    '',
    store,
  ].join('\n');
  return [
    { channel: 'email', to: member.email, subject, text },
    smsMessage(
      member.mobile,
      { kind: 'staff_invite', variables: [roleName(member.role), member.mobile] },
      config,
    ),
  ];
}

/**
 * The team (administrators only): invite, change role, disable and enable again. Every change
 * is recorded in the audit log in its transaction. Disabling ends the member's sessions at once:
 * their refresh tokens are revoked here and their access tokens are refused by the session
 * check (auth/session-plugin.ts). An administrator cannot change their own account, and no
 * change may leave the store without an active administrator.
 */
export function createStaffService(deps: StaffDeps) {
  const { database, users, audit } = deps;

  /**
   * Sends the invitation written with the account (through the outbox, as every other message,
   * so a refused one is on support's list of messages not delivered) at once, and answers
   * whether it reached the member on some channel and which messages did not go.
   */
  async function sendInvitation(
    messages: { id: number; message: OutgoingMessage }[],
  ): Promise<Omit<StaffInvited, 'member'>> {
    const ids = messages.map(({ id }) => id);
    await deps.outbox.deliverNow(ids);
    const statuses = await deps.outbox.statuses(ids);
    const notDelivered = messages.flatMap(({ id, message }) => {
      const status = statuses.get(id) ?? 'waiting';
      return status === 'sent' ? [] : [{ channel: message.channel, to: message.to, status }];
    });
    const invitationSent = messages.some(
      ({ id, message }) =>
        statuses.get(id) === 'sent' && deps.notifier.delivers?.(message.channel) !== false,
    );
    return { invitationSent, notDelivered };
  }

  return {
    list: async () => (await users.listStaff()).map(toView),

    /** Creates the account (no password) and tells the new member how to sign in. */
    async invite(actorId: string, input: StaffAccountInput): Promise<StaffInvited> {
      const invitedBy = (await users.findById(actorId))?.name ?? 'An administrator';
      let member: UserRow;
      let messages: { id: number; message: OutgoingMessage }[];
      try {
        ({ member, messages } = await inTransaction(database, async (tx) => {
          const row = await users.createStaffAccount(input, tx);
          await audit.record(tx, {
            actorId,
            action: 'staff.invite',
            entityType: 'user',
            entityId: row.id,
            after: { name: row.name, email: row.email, mobile: row.mobile, role: row.role },
          });
          const written = invitation(deps.config, row, invitedBy);
          const ids = await enqueueMessages(tx, written);
          return {
            member: row,
            messages: written.map((message, index) => ({ id: ids[index]!, message })),
          };
        }));
      } catch (error) {
        const taken =
          error instanceof AppError && Object.hasOwn(takenByAnother, error.code)
            ? error
            : await users.takenContactError(error, input.email);
        if (!taken) throw error;
        throw conflict(takenByAnother[taken.code]!, taken.code);
      }
      return { member: toView(member), ...(await sendInvitation(messages)) };
    },

    /** A new role, disabled or enabled again; a change to what already holds records nothing. */
    async change(actorId: string, id: string, change: StaffChange): Promise<StaffMemberView> {
      const row = await inTransaction(database, async (tx) => {
        await users.lockStaffChanges(tx);
        let member = await users.lockStaff(tx, id);
        if (!member) throw notFound('That staff member was not found.');
        if (id === actorId) {
          throw conflict(
            'You cannot change your own role or disable your own account: ask another administrator.',
            'OWN_ACCOUNT',
          );
        }
        const newRole = change.role !== undefined && change.role !== member.role;
        const disable = change.disabled === true && !member.disabledAt;
        const enable = change.disabled === false && Boolean(member.disabledAt);
        const stopsBeingAdmin =
          member.role === 'admin' && !member.disabledAt && (newRole || disable);
        if (stopsBeingAdmin && (await users.activeAdminsOtherThan(tx, id)) === 0) {
          throw conflict(
            'The store must keep at least one active administrator: make someone else an administrator first.',
            'LAST_ADMIN',
          );
        }
        const entry = { actorId, entityType: 'user' as const, entityId: id };
        if (newRole && change.role) {
          const before = member.role;
          member = await users.setRole(tx, id, change.role);
          await audit.record(tx, {
            ...entry,
            action: 'staff.role',
            before: { role: before },
            after: { role: member.role },
          });
        }
        if (disable || enable) {
          const before = member.disabledAt?.toISOString() ?? null;
          member = await users.setDisabledAt(tx, id, disable ? new Date() : null);
          if (disable) await deps.auth.revokeSessions(tx, id);
          await audit.record(tx, {
            ...entry,
            action: disable ? 'staff.disable' : 'staff.enable',
            before: { disabledAt: before },
            after: { disabledAt: member.disabledAt?.toISOString() ?? null },
          });
        }
        return member;
      });
      return toView(row);
    },
  };
}
