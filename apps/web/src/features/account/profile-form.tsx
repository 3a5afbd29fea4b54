import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '../../lib/zod';
import { CheckboxField, GstinField, SubmitButton, TextField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useAuthActions, type AuthAddress, type AuthUser } from '../auth';
import { companyNameProblem, gstinProblem, nameSchema, normalizeGstin } from './account-fields';
import { AccountSection } from './account-section';
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
      if (!corporate) return;
      const company = companyNameProblem(values.companyName);
      if (company) ctx.addIssue({ code: 'custom', path: ['companyName'], message: company });
      const gstin = gstinProblem(values.gstinNo);
      if (gstin) ctx.addIssue({ code: 'custom', path: ['gstinNo'], message: gstin });
    });
}

type ProfileValues = z.input<ReturnType<typeof profileSchema>>;

/** The account details: name and WhatsApp updates; company name and GSTIN for Corporate. */
export function ProfileForm({ user, address }: { user: AuthUser; address: AuthAddress | null }) {
  const toast = useToast();
  const { updateSession } = useAuthActions();
  const { mutateAsync: saveProfile } = useUpdateProfile();
  const corporate = user.accountType === 'Corporate';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema(corporate)),
    defaultValues: {
      name: user.name,
      getWhatsappUpdate: user.getWhatsappUpdate,
      companyName: user.companyName ?? '',
      gstinNo: user.gstinNo ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      getWhatsappUpdate: values.getWhatsappUpdate,
      ...(corporate
        ? { companyName: values.companyName.trim(), gstinNo: normalizeGstin(values.gstinNo) }
        : {}),
    };
    try {
      const response = await saveProfile(body);
      const session = response.session ?? { user: { ...user, ...body }, address };
      updateSession(session);
      reset({
        name: session.user.name,
        getWhatsappUpdate: session.user.getWhatsappUpdate,
        companyName: session.user.companyName ?? '',
        gstinNo: session.user.gstinNo ?? '',
      });
      toast.success(response.message || PROFILE_SAVED);
    } catch (error) {
      toast.error(errorMessage(error, PROFILE_SAVE_FAILED));
    }
  });

  return (
    <AccountSection title="Account details" description="How we address you and reach you.">
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">E-mail address</dt>
          <dd className="font-medium break-all text-slate-900">{user.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Mobile number</dt>
          <dd className="font-medium text-slate-900">{user.mobile}</dd>
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
        <CheckboxField
          label="Send me updates and offers on WhatsApp"
          {...register('getWhatsappUpdate')}
        />
        <div className="flex justify-end">
          <SubmitButton
            pending={isSubmitting}
            pendingLabel="Saving…"
            disabled={!isDirty}
            className="sm:w-auto"
          >
            Save details
          </SubmitButton>
        </div>
      </form>
    </AccountSection>
  );
}
