import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../lib/zod';
import { CheckboxField, GstinField, TextField } from '../../components/form-fields';
import { WHATSAPP_UPDATES_LABEL } from '../../components/privacy-notice';
import type { AuthAddress, AuthUser } from '../auth';
import { checkCorporateFields, nameSchema, normalizeGstin } from './account-fields';
import { SaveButton, useAccountSave } from './account-save';
import { AccountSection } from './account-section';
import { ContactChangeDialog, type ContactKind } from './contact-change-dialog';
import { useUpdateProfile } from './api/update-profile';

const PROFILE_SAVED = 'Your profile has been saved.';
const PROFILE_SAVE_FAILED = 'Failed to save your profile';

function profileSchema(corporate: boolean) {
  return z
    .object({
      name: nameSchema,
      getWhatsappUpdate: z.boolean(),
      companyName: z.string(),
      gstinNo: z.string(),
    })
    .superRefine((values, ctx) => {
      if (corporate) checkCorporateFields(values, ctx);
    });
}

type ProfileValues = z.input<ReturnType<typeof profileSchema>>;

function valuesOf(user: AuthUser): ProfileValues {
  return {
    name: user.name,
    getWhatsappUpdate: user.getWhatsappUpdate,
    companyName: user.companyName ?? '',
    gstinNo: user.gstinNo ?? '',
  };
}

/** The account details: name and WhatsApp updates; company name and GSTIN for Corporate. */
export function ProfileForm({ user, address }: { user: AuthUser; address: AuthAddress | null }) {
  const save = useAccountSave({ saved: PROFILE_SAVED, failed: PROFILE_SAVE_FAILED });
  const { mutateAsync: saveProfile } = useUpdateProfile();
  const corporate = user.accountType === 'Corporate';
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema(corporate)),
    defaultValues: valuesOf(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      getWhatsappUpdate: values.getWhatsappUpdate,
      ...(corporate
        ? { companyName: values.companyName.trim(), gstinNo: normalizeGstin(values.gstinNo) }
        : {}),
    };
    await save(
      () => saveProfile(body),
      { user: { ...user, ...body }, address },
      (session) => reset(valuesOf(session.user)),
    );
  });

  return (
    <AccountSection title="Account details" description="How we address you and reach you.">
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">E-mail address</dt>
          <dd className="font-medium break-all text-slate-900">
            {user.email} <ChangeButton label="Change e-mail" onClick={() => setChanging('email')} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Mobile number</dt>
          <dd className="font-medium text-slate-900">
            {user.mobile}{' '}
            <ChangeButton label="Change mobile" onClick={() => setChanging('mobile')} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Account type</dt>
          <dd className="font-medium text-slate-900">{user.accountType}</dd>
        </div>
      </dl>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        {corporate ? (
          <>
            <TextField
              label="Company name"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...register('companyName')}
            />
            <GstinField error={errors.gstinNo?.message} {...register('gstinNo')} />
          </>
        ) : null}
        <CheckboxField label={WHATSAPP_UPDATES_LABEL} {...register('getWhatsappUpdate')} />
        <SaveButton pending={isSubmitting} dirty={isDirty}>
          Save details
        </SaveButton>
      </form>
      {changing ? <ContactChangeDialog kind={changing} onClose={() => setChanging(null)} /> : null}
    </AccountSection>
  );
}

function ChangeButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="ml-1 text-sm font-semibold text-blue-700 underline hover:text-blue-900"
    >
      {label}
    </button>
  );
}
