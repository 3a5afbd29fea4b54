import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from '../../../lib/zod';
import {
  CheckboxField,
  GstinField,
  MobileField,
  NewPasswordField,
  SubmitButton,
  TextField,
} from '../../../components/form-fields';
import { PrivacyNotice, WHATSAPP_UPDATES_LABEL } from '../../../components/privacy-notice';
import { NewTabLink } from '../../../components/new-tab-link';
import { useToast } from '../../../components/toast';
import {
  checkCorporateFields,
  emailSchema,
  mobileSchema,
  nameSchema,
  newPasswordSchema,
  VALIDATION_MESSAGES,
} from '../../account';
import { registerPayload, useRegister } from '../api/register';
import { AUTH_ERROR_FALLBACKS, OTP_NOTICES } from '../auth-errors';
import { placeServerErrors } from './server-field-errors';
import { ViewSwitch } from './view-parts';
import type { AuthViewProps } from './view-types';

const registerSchema = z
  .object({
    accountType: z.enum(['Individual', 'Corporate']),
    name: nameSchema,
    email: emailSchema,
    mobile: mobileSchema,
    password: newPasswordSchema,
    companyName: z.string(),
    gstinNo: z.string(),
    getWhatsappUpdate: z.boolean(),
    acceptTermsAndConditions: z
      .boolean()
      .refine((accepted) => accepted, VALIDATION_MESSAGES.termsRequired),
  })
  .superRefine((values, ctx) => {
    if (values.accountType === 'Corporate') checkCorporateFields(values, ctx);
  });

export type RegisterValues = z.input<typeof registerSchema>;

const defaultValues: RegisterValues = {
  accountType: 'Individual',
  name: '',
  email: '',
  mobile: '',
  password: '',
  companyName: '',
  gstinNo: '',
  getWhatsappUpdate: false,
  acceptTermsAndConditions: false,
};

/** Request-body fields of POST /auth/register that the form shows (server errors go under them). */
const registerFields = {
  accountType: 'accountType',
  name: 'name',
  email: 'email',
  mobile: 'mobile',
  password: 'password',
  acceptTermsAndConditions: 'acceptTermsAndConditions',
} as const satisfies Record<string, keyof RegisterValues>;
const corporateFields = {
  companyName: 'companyName',
  gstinNo: 'gstinNo',
} as const satisfies Record<string, keyof RegisterValues>;

/** Registration: Individual or Corporate (company name and GSTIN), then a code to verify. */
export function RegisterView({
  go,
  otp,
  draft,
  onDraft,
}: AuthViewProps & {
  /** The values last submitted, so "Change details" comes back to a filled form. */
  draft?: RegisterValues | null;
  onDraft?: (values: RegisterValues) => void;
}) {
  const toast = useToast();
  const { mutateAsync: createAccount } = useRegister();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: draft ?? defaultValues,
  });
  const corporate = useWatch({ control, name: 'accountType' }) === 'Corporate';

  const onSubmit = handleSubmit(async (values) => {
    const payload = registerPayload(values);
    const contact = { email: payload.email, mobile: payload.mobile };
    try {
      const issued = await createAccount(values);
      onDraft?.(values);
      otp.sent('registration', contact, issued);
      go('verify-otp');
    } catch (error) {
      if (otp.onItsWay('registration', contact, error)) {
        onDraft?.(values);
        toast.info(OTP_NOTICES.onItsWay);
        go('verify-otp');
        return;
      }
      const rest = placeServerErrors(error, setError, {
        fields: {
          ...registerFields,
          ...(values.accountType === 'Corporate' ? corporateFields : {}),
        },
        codeFields: { EMAIL_TAKEN: 'email', MOBILE_TAKEN: 'mobile' },
        fallback: AUTH_ERROR_FALLBACKS.register,
      });
      if (rest) toast.error(rest);
    }
  });

  const accountTypeOption = (value: 'Individual' | 'Corporate', hint: string) => (
    <label className="relative flex cursor-pointer flex-col rounded-lg border border-slate-300 px-3 py-2.5 transition-colors hover:border-slate-400 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:checked]:ring-1 has-[:checked]:ring-blue-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600">
      <input type="radio" value={value} className="sr-only" {...register('accountType')} />
      <span className="text-sm font-semibold text-slate-900">{value}</span>
      <span className="text-xs text-slate-600">{hint}</span>
    </label>
  );

  return (
    <div>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Account type</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-3">
            {accountTypeOption('Individual', 'For yourself')}
            {accountTypeOption('Corporate', 'For a business, with GSTIN')}
          </div>
        </fieldset>

        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <MobileField error={errors.mobile?.message} {...register('mobile')} />
        <NewPasswordField
          label="Password"
          error={errors.password?.message}
          {...register('password')}
        />

        {corporate ? (
          <div className="space-y-5 rounded-xl border border-blue-100 bg-blue-50/50 p-4">
            <TextField
              label="Company name"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...register('companyName')}
            />
            <GstinField
              placeholder="27AAPFU0939F1ZV"
              hint="15 characters: state code, PAN, entity number, Z and a check character."
              error={errors.gstinNo?.message}
              {...register('gstinNo')}
            />
          </div>
        ) : null}

        <div className="space-y-3">
          <CheckboxField label={WHATSAPP_UPDATES_LABEL} {...register('getWhatsappUpdate')} />
          <CheckboxField
            label={
              <>
                I accept the{' '}
                <NewTabLink href="/terms-and-conditions">Terms and Conditions</NewTabLink>
              </>
            }
            error={errors.acceptTermsAndConditions?.message}
            {...register('acceptTermsAndConditions')}
          />
        </div>

        <PrivacyNotice purpose="We use your name, e-mail, mobile and (for a company) its name and GSTIN for your account, your orders and their GST invoices." />

        <SubmitButton pending={isSubmitting} pendingLabel="Creating account…">
          Create account
        </SubmitButton>
      </form>
      <ViewSwitch
        prompt="Already have an account?"
        action="Sign in"
        onClick={() => go('sign-in-password')}
      />
    </div>
  );
}
