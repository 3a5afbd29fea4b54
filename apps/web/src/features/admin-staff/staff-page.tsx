import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeMobile } from '@store/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { useInlinePanel } from '../../components/inline-panel';
import { InlineConfirm } from '../../components/inline-confirm';
import { useForm } from 'react-hook-form';
import { z } from '../../lib/zod';
import { SelectField, SubmitButton, TextField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { formatIndianDate } from '../../lib/format';
import { consoleMeta, ConsolePage, ConsoleTable, QueryStatus } from '../admin-shell';
import { useAuth } from '../auth';
import { useChangeStaff } from './api/change-staff';
import { useStaffMembers, type StaffMember } from './api/get-staff';
import { useInviteStaff } from './api/invite-staff';
import { staffRoleNames } from './role-names';
import type { Route } from './+types/staff-page';

export const meta: Route.MetaFunction = () => consoleMeta('Staff');

/** /admin/staff (administrators): the team, invitations, roles, and disabling an account. */
export default function StaffPage() {
  const { data, isPending, error, refetch } = useStaffMembers();
  const { user } = useAuth();
  const columns = useMemo(() => staffColumns(user?.id), [user?.id]);
  return (
    <ConsolePage
      title="Staff"
      intro="Who works in the console. Members sign in with a code sent to their mobile."
    >
      <InviteForm />
      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">The team</h2>
      <QueryStatus what="team" isPending={isPending} error={error} onRetry={() => void refetch()} />
      {data ? (
        <ConsoleTable caption="Staff members" columns={columns} rows={data} empty="No staff yet." />
      ) : null}
    </ConsolePage>
  );
}

const column = createColumnHelper<StaffMember>();

/** The team's columns; `selfId`'s own row cannot be changed (the server refuses it too). */
function staffColumns(selfId: string | undefined) {
  return [
    column.accessor('name', {
      header: 'Name',
      cell: ({ row: { original: member } }) => (
        <>
          <span className="font-medium">{member.name}</span>
          {member.id === selfId ? <span className="text-slate-600"> (you)</span> : null}
        </>
      ),
    }),
    column.accessor('email', { header: 'E-mail' }),
    column.accessor('mobile', { header: 'Mobile' }),
    column.accessor('role', {
      header: 'Role',
      cell: ({ row: { original: member } }) => (
        <RoleCell member={member} self={member.id === selfId} />
      ),
    }),
    column.accessor('disabledAt', {
      header: 'Account',
      cell: ({ row: { original: member } }) => (
        <AccountCell member={member} self={member.id === selfId} />
      ),
    }),
  ];
}

/** What a role change gives or takes away, asked before it is made. */
const roleQuestions = {
  admin: (name: string) =>
    `Make ${name} an administrator? They can then manage the team, read the audit log and the tax register, download any buyer's data and close accounts.`,
  support: (name: string) =>
    `Make ${name} support? They lose Staff, the audit log and the tax register at once.`,
} as const;

/**
 * A member's role: every change gives or takes away the administrator's powers, so the select
 * asks first (a mis-tap on a phone must not make an administrator).
 */
function RoleCell({ member, self }: { member: StaffMember; self: boolean }) {
  const toast = useToast();
  const { mutateAsync, isPending } = useChangeStaff();
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel<HTMLSelectElement>();
  const [asked, setAsked] = useState<StaffMember['role']>(member.role);
  if (self) return staffRoleNames[member.role];
  if (open) {
    return (
      <InlineConfirm
        label={`Make ${member.name} ${staffRoleNames[asked]}?`}
        question={roleQuestions[asked](member.name)}
        action={`Make ${staffRoleNames[asked]}`}
        onConfirm={async () => {
          close();
          try {
            toast.success(await mutateAsync({ id: member.id, role: asked }));
          } catch (error) {
            toast.error(errorMessage(error, 'The role could not be changed.'));
          }
        }}
        onCancel={close}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <select
      ref={openerRef}
      aria-label={`Role of ${member.name}`}
      className="rounded-md border border-slate-300 bg-white px-2 py-1"
      value={member.role}
      disabled={isPending}
      onChange={(event) => {
        setAsked(event.target.value as StaffMember['role']);
        show();
      }}
    >
      {Object.entries(staffRoleNames).map(([role, name]) => (
        <option key={role} value={role}>
          {name}
        </option>
      ))}
    </select>
  );
}

function AccountCell({ member, self }: { member: StaffMember; self: boolean }) {
  const toast = useToast();
  const { mutateAsync, isPending } = useChangeStaff();
  const { open: confirming, show, close, openerRef, onKeyDown } = useInlinePanel();
  const setDisabled = async (disabled: boolean) => {
    close();
    try {
      toast.success(await mutateAsync({ id: member.id, disabled }));
    } catch (error) {
      toast.error(errorMessage(error, 'The account could not be changed.'));
    }
  };
  const status = member.disabledAt ? (
    <span className="text-red-800">
      Disabled {formatIndianDate(member.disabledAt, { month: 'short' })}
    </span>
  ) : (
    <span className="text-green-800">Active</span>
  );
  if (self) return status;
  if (confirming) {
    return (
      <InlineConfirm
        label={`Disable ${member.name}?`}
        question={`Disable ${member.name}? They are signed out at once.`}
        action="Disable"
        onConfirm={() => void setDisabled(true)}
        onCancel={close}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {status}
      <BusyButton
        ref={openerRef}
        type="button"
        className="btn-secondary px-3 py-1"
        busy={isPending}
        onClick={() => (member.disabledAt ? void setDisabled(false) : show())}
      >
        {member.disabledAt ? `Enable ${member.name}` : `Disable ${member.name}`}
      </BusyButton>
    </div>
  );
}

const inviteSchema = z.object({
  name: z.string().trim().min(2, 'Enter their name (at least 2 characters).').max(100),
  email: z.string().trim().email('Enter a valid e-mail address.'),
  mobile: z
    .string()
    .refine(
      (value) => normalizeMobile(value.trim()) !== null,
      'Enter a valid 10-digit Indian mobile number.',
    ),
  role: z.enum(['support', 'admin']),
});
type InviteValues = z.infer<typeof inviteSchema>;

function InviteForm() {
  const toast = useToast();
  const { mutateAsync } = useInviteStaff();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { name: '', email: '', mobile: '', role: 'support' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const invited = await mutateAsync({
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
        mobile: values.mobile.trim(),
      });
      // A message refused or still to be retried is told as a warning, until closed.
      if (invited.invitationSent && invited.notDelivered.length === 0) {
        toast.success(invited.message);
      } else toast.warning(invited.message, { duration: Infinity });
      reset();
    } catch (error) {
      toast.error(errorMessage(error, 'The member could not be invited.'));
    }
  });
  return (
    <form
      aria-label="Invite a member"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-slate-900">Invite a member</h2>
      <p className="mb-3 text-sm text-slate-600">
        They get an e-mail and an SMS saying how to sign in: Sign In, then &ldquo;With OTP&rdquo;
        with their mobile number.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Mobile"
          type="text"
          inputMode="tel"
          autoComplete="off"
          error={errors.mobile?.message}
          {...register('mobile')}
        />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          <option value="support">{staffRoleNames.support}</option>
          <option value="admin">{staffRoleNames.admin}</option>
        </SelectField>
      </div>
      <SubmitButton pending={isSubmitting} className="mt-4 sm:w-auto sm:px-6">
        Send invitation
      </SubmitButton>
    </form>
  );
}
