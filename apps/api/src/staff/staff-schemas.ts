import { z } from 'zod';
import { staffAccountInput } from '../users/user-schemas';

const staffRoles = ['support', 'admin'] as const;

/** A member of the team as the staff page shows them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: z.enum(staffRoles),
  /** When an administrator disabled the account; null while it may sign in. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;

/** POST /admin/staff: the new member's name, e-mail, mobile and role. */
export const staffInviteBody = staffAccountInput;

export const staffInvitedSchema = z.object({
  member: staffMemberSchema,
  /** Whether the invitation reached them by e-mail or SMS (else tell them how to sign in). */
  invitationSent: z.boolean(),
  notDelivered: z
    .array(
      z.object({
        channel: z.enum(['email', 'sms', 'whatsapp']),
        to: z.string(),
        status: z
          .enum(['waiting', 'failed'])
          .describe(
            'failed: refused for good (a wrong address), listed in Messages not delivered; waiting: tried again by the outbox',
          ),
      }),
    )
    .describe('The invitation messages that did not go at once'),
});
export type StaffInvited = z.infer<typeof staffInvitedSchema>;

export const staffParams = z.object({ id: z.uuid('must be a staff member id') });

/** PATCH /admin/staff/:id: a new role, disabled (true) or enabled again (false). */
export const staffChangeBody = z
  .strictObject({
    role: z.enum(staffRoles, { error: 'The role must be support or admin.' }).optional(),
    disabled: z.boolean({ error: 'must be true or false.' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'Give a new role, or disabled: true or false.',
  });
export type StaffChange = z.output<typeof staffChangeBody>;
