import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/auth-service';
import { envelope, errorBody, ok } from '../http/envelope';
import {
  staffChangeBody,
  staffInviteBody,
  staffInvitedSchema,
  staffMemberSchema,
  staffParams,
  type StaffChange,
  type StaffInvited,
  type StaffMemberView,
} from '../staff/staff-schemas';
import { adminOnlyRoute, staffErrors } from './admin-schemas';

const channelWords = { email: 'e-mail', sms: 'SMS', whatsapp: 'WhatsApp message' } as const;

/** What the administrator is told of an invitation: which of its messages did not go, and why. */
function invitedMessage({ member, invitationSent, notDelivered }: StaffInvited): string {
  if (!invitationSent) {
    return `${member.name} has been added, but the invitation could not be delivered: tell them to sign in with "With OTP" and their mobile.`;
  }
  if (notDelivered.length === 0) return `${member.name} has been invited.`;
  const failures = notDelivered.map(({ channel, to, status }) =>
    status === 'failed'
      ? `the ${channelWords[channel]} to ${to} was refused: check the address (it is listed in Messages not delivered)`
      : `the ${channelWords[channel]} to ${to} could not be sent yet: the store tries again, and lists it in Messages not delivered if it gives up`,
  );
  return `${member.name} has been invited, but ${failures.join('; ')}.`;
}

/** What a change made of the member, in words: "Ravi Admin is now an administrator." */
function changedMessage(member: StaffMemberView, change: StaffChange): string {
  const now = [
    change.role && `is now ${member.role === 'admin' ? 'an administrator' : 'support'}`,
    change.disabled === true && 'is disabled and signed out',
    change.disabled === false && 'is enabled again',
  ].filter(Boolean);
  return `${member.name} ${now.join(' and ')}.`;
}

/** The team (administrators only): list, invite, change role, disable and enable. */
export async function adminStaffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { staff } = app.services;

  app.get(
    '/staff',
    {
      schema: {
        ...adminOnlyRoute,
        summary: 'The support and admin accounts, by name',
        response: {
          200: envelope(z.object({ members: z.array(staffMemberSchema) })),
          ...staffErrors,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ members: await staff.list() });
    },
  );

  app.post(
    '/staff',
    {
      schema: {
        ...adminOnlyRoute,
        summary: 'Invite a member: creates the account (no password) and tells them how to sign in',
        description:
          'They sign in with a code sent to their mobile (Sign In, "With OTP"). 409 when the ' +
          'e-mail or mobile already belongs to an account.',
        body: staffInviteBody,
        response: {
          201: envelope(staffInvitedSchema),
          400: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const invited = await staff.invite(currentUser(request).id, request.body);
      reply.status(201);
      return ok(invited, invitedMessage(invited));
    },
  );

  app.patch(
    '/staff/:id',
    {
      schema: {
        ...adminOnlyRoute,
        summary:
          'Change a member: a new role, disabled: true (ends every session at once) or false',
        description:
          'An administrator cannot change their own account (409 OWN_ACCOUNT), and the store ' +
          'keeps at least one active administrator (409 LAST_ADMIN).',
        params: staffParams,
        body: staffChangeBody,
        response: {
          200: envelope(staffMemberSchema),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          ...staffErrors,
        },
      },
    },
    async (request) => {
      const member = await staff.change(currentUser(request).id, request.params.id, request.body);
      return ok(member, changedMessage(member, request.body));
    },
  );
}
