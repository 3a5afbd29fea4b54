import { zodResolver } from '@hookform/resolvers/zod';
import { gstinStateName } from '@store/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { CheckboxField, TextField } from '../../components/form-fields';
import { PrivacyNotice } from '../../components/privacy-notice';
import { z } from '../../lib/zod';
import { AddressFields, addressSchema, nameSchema } from '../account';
import type { AuthAddress, AuthUser } from '../auth';
import type { CheckoutDetails } from './api/checkout';
import { DRAFT_FIELDS, readBillingDraft, writeBillingDraft } from './billing-draft';

export const GSTIN_STATE_CONFIRM_REQUIRED =
  'Please confirm the billing state, or choose the state your GSTIN is registered in.';

const billingSchema = addressSchema.safeExtend({
  name: nameSchema,
  confirmGstinStateMismatch: z.boolean(),
});

type BillingValues = z.input<typeof billingSchema>;

/** The profile's name and address, under what the buyer typed in this tab and did not order yet. */
function valuesOf(user: AuthUser, address: AuthAddress | null): BillingValues {
  return {
    name: user.name,
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    pinCode: address?.pinCode ?? '',
    ...readBillingDraft(user.id),
    confirmGstinStateMismatch: false,
  };
}

/**
 * Checkout's billing name and address, prefilled from the profile: the invoice is made out to
 * them, and the state is told to `onStateChange` for the totals (the place of supply, unless a
 * Corporate buyer's GSTIN names another: the server decides). A Corporate buyer whose GSTIN was
 * registered in another state confirms the difference.
 * A button outside it submits it (`form={id}`): the cart's Checkout, Buy now's Place order.
 * `focusOnOpen` (the buyer has just signed in to check out): its first empty field, or its
 * first, takes the focus as it appears, so the buyer is taken to what is left to fill in.
 */
export function BillingForm({
  id,
  user,
  address,
  onStateChange,
  onSubmit,
  submitAtOnce = false,
  onSubmittedAtOnce,
  focusOnOpen = false,
}: {
  id: string;
  user: AuthUser;
  address: AuthAddress | null;
  onStateChange?: (state: string) => void;
  onSubmit: (details: CheckoutDetails) => Promise<void>;
  /** Submit at once (a checkout asked for before signing in), then tell `onSubmittedAtOnce`. */
  submitAtOnce?: boolean;
  onSubmittedAtOnce?: () => void;
  focusOnOpen?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [focusedOnOpen] = useState(focusOnOpen);
  useEffect(() => {
    if (!focusedOnOpen || !formRef.current) return;
    const fields = [
      ...formRef.current.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        'input:not([type="checkbox"]):not([disabled]), select:not([disabled])',
      ),
    ];
    (fields.find((field) => field.value === '') ?? fields[0])?.focus();
  }, [focusedOnOpen]);
  // Read once: the form keeps its first values, so the draft is not read again every render.
  const [defaultValues] = useState(() => valuesOf(user, address));
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<BillingValues>({ resolver: zodResolver(billingSchema), defaultValues });
  const stateName = useWatch({ control, name: 'state' });
  useEffect(() => onStateChange?.(stateName), [stateName, onStateChange]);

  const typed = useWatch({ control, name: DRAFT_FIELDS });
  const { isDirty } = useFormState({ control });
  useEffect(() => {
    if (!isDirty) return;
    writeBillingDraft(
      user.id,
      Object.fromEntries(DRAFT_FIELDS.map((field, at) => [field, typed[at]])),
    );
  }, [isDirty, typed, user.id]);

  const gstinState =
    user.accountType === 'Corporate' && user.gstinNo ? gstinStateName(user.gstinNo) : undefined;
  const mismatch = Boolean(gstinState && stateName && gstinState !== stateName);

  const submit = handleSubmit(async ({ confirmGstinStateMismatch, ...billing }) => {
    if (mismatch && !confirmGstinStateMismatch) {
      // Focused (and so scrolled into view): the buyer pressed a button out of its sight.
      setError(
        'confirmGstinStateMismatch',
        { message: GSTIN_STATE_CONFIRM_REQUIRED },
        { shouldFocus: true },
      );
      return;
    }
    const { line2, ...rest } = billing;
    await onSubmit({
      billing: { ...rest, ...(line2 ? { line2 } : {}) },
      ...(mismatch ? { confirmGstinStateMismatch: true } : {}),
    });
  });

  // It checks out when the profile's details complete it, else shows (and focuses) what is missing.
  useEffect(() => {
    if (!submitAtOnce) return;
    onSubmittedAtOnce?.();
    void submit();
  }, [submitAtOnce, onSubmittedAtOnce, submit]);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Billing details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your tax invoice is made out to this name and address. Its state (for a company with a
        GSTIN, the GSTIN&apos;s state) decides whether GST is charged as CGST + SGST or as IGST.
      </p>
      <form ref={formRef} id={id} noValidate onSubmit={submit} className="mt-4 space-y-5">
        <TextField
          label="Billing name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <AddressFields register={register} errors={errors} stateName={stateName} />
        {mismatch ? (
          <CheckboxField
            label={`My GSTIN ${user.gstinNo} is registered in ${gstinState}; bill this order to ${stateName} all the same.`}
            error={errors.confirmGstinStateMismatch?.message}
            {...register('confirmGstinStateMismatch')}
          />
        ) : null}
        <PrivacyNotice purpose="Your name and address go on this order's GST invoice, which the law requires us to keep." />
      </form>
    </section>
  );
}
