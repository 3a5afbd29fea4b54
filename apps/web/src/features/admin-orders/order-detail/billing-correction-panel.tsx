import { zodResolver } from '@hookform/resolvers/zod';
import { gstinStateName } from '@store/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CheckboxField, GstinField, TextField } from '../../../components/form-fields';
import { useInlinePanel } from '../../../components/inline-panel';
import { z } from '../../../lib/zod';
import { AddressFields, addressSchema, checkCorporateFields, nameSchema } from '../../account';
import { addressLine, Card } from '../../orders';
import { useCorrectBilling } from '../api/correct-billing';
import type { StaffOrder } from '../staff-order-types';
import { FormActions } from './form-actions';
import { useChangeFeedback } from './use-change-feedback';

const GSTIN_STATE_CONFIRM = 'Confirm the billing state, or correct the GSTIN or the state.';

const baseSchema = addressSchema.safeExtend({
  name: nameSchema,
  companyName: z.string(),
  gstinNo: z.string(),
  confirmGstinStateMismatch: z.boolean(),
  reason: z
    .string()
    .trim()
    .min(5, 'Say in at least 5 characters why the details are corrected.')
    .max(500, 'Please keep the reason under 500 characters.'),
});
/** A Corporate order's company name and GSTIN are required, as at registration. */
const corporateSchema = baseSchema.superRefine(checkCorporateFields);

type Values = z.input<typeof baseSchema>;

/** The order's billing, as the form starts and as the server is told the agent saw it. */
function valuesOf(billing: StaffOrder['billing']): Values {
  const address = billing.address;
  return {
    name: billing.name,
    companyName: billing.companyName ?? '',
    gstinNo: billing.gstinNo ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    pinCode: address?.pinCode ?? '',
    confirmGstinStateMismatch: false,
    reason: '',
  };
}

const seenOf = ({ name, companyName, gstinNo, address }: StaffOrder['billing']) => ({
  name,
  companyName,
  gstinNo,
  address,
});

/**
 * The billing as it is now, after another agent corrected it while this form was open (409
 * BILLING_CHANGED; the order read again): the agent's input stays below, to send against it.
 */
function BillingNow({ billing }: { billing: StaffOrder['billing'] }) {
  const company = [billing.companyName, billing.gstinNo && `GSTIN ${billing.gstinNo}`]
    .filter(Boolean)
    .join(', ');
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-semibold text-amber-950">
        Another agent corrected these details meanwhile. They are now:
      </p>
      <p className="mt-1 text-slate-800">
        {billing.name}
        {company ? ` (${company})` : ''}
        {billing.address ? `; ${addressLine(billing.address)}` : ''}
      </p>
      <p className="mt-1 text-slate-700">
        Your corrections are kept below: send them again to replace these, or keep these.
      </p>
    </div>
  );
}

/**
 * "Correct billing details…": the order's billing name and address (a Corporate order's company
 * and GSTIN too) corrected with a reason (decision 0070). A paid order's invoice is then
 * cancelled by a credit note and issued again under a new number; the buyer is e-mailed it.
 * Not offered once the order is cancelled, or refunded or has a refund: then the accountant's
 * work, which the card says instead.
 * When another agent corrected them first (409 BILLING_CHANGED), the form stays open with what
 * the agent typed and shows the billing as it now is, which a second send is made against.
 */
export function BillingCorrectionPanel({ order }: { order: StaffOrder }) {
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel();
  const correct = useCorrectBilling(order.id);
  const { failure, attempt } = useChangeFeedback();
  // Another agent's correction came first: the billing now is shown above the agent's input.
  const [overtaken, setOvertaken] = useState(false);
  const corporate = order.billing.accountType === 'Corporate';
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof baseSchema>>({
    resolver: zodResolver(corporate ? corporateSchema : baseSchema),
    defaultValues: valuesOf(order.billing),
  });
  const [stateName, gstin] = useWatch({ control, name: ['state', 'gstinNo'] });
  const gstinState = corporate ? gstinStateName(gstin.trim().toUpperCase()) : undefined;
  const mismatch = Boolean(gstinState && stateName && gstinState !== stateName);
  // A mismatch the order already had was confirmed then: asked again only when the GSTIN or the
  // state changes.
  const confirmedBefore =
    gstin.trim().toUpperCase() === (order.billing.gstinNo ?? '') &&
    stateName === order.billing.address?.state;
  const askToConfirm = mismatch && !confirmedBefore;

  const refunded = order.payments.some((payment) =>
    payment.refunds.some((refund) => refund.status !== 'failed'),
  );
  // Once money went back, the invoice is the accountant's to correct: the card says so instead
  // of vanishing (QA 19 F9).
  if (refunded || order.status === 'refunded') {
    return (
      <Card title="Correct billing details">
        <p className="text-sm text-slate-700">
          This order has a refund, so its billing details cannot be corrected here: correct its
          invoice by hand with your accountant.
        </p>
      </Card>
    );
  }
  if (order.status === 'cancelled') return null;

  const opened = () => {
    reset(valuesOf(order.billing));
    setOvertaken(false);
    show();
  };
  const onSubmit = handleSubmit(async (values) => {
    const { confirmGstinStateMismatch, reason, companyName, gstinNo, line2, ...rest } = values;
    if (askToConfirm && !confirmGstinStateMismatch) {
      setError(
        'confirmGstinStateMismatch',
        { message: GSTIN_STATE_CONFIRM },
        { shouldFocus: true },
      );
      return;
    }
    const billing = {
      ...rest,
      ...(line2 ? { line2 } : {}),
      ...(corporate ? { companyName, gstinNo: gstinNo.trim().toUpperCase() } : {}),
    };
    const done = await attempt(
      () =>
        correct.mutateAsync({
          billing,
          reason,
          expected: seenOf(order.billing),
          ...(mismatch ? { confirmGstinStateMismatch: true } : {}),
        }),
      'Billing details corrected.',
      { onRefused: () => setOvertaken(true), refusedCodes: ['BILLING_CHANGED'] },
    );
    if (done) close();
  });

  return (
    <Card title="Correct billing details">
      <p className="text-sm text-slate-700">
        {order.paidAt
          ? 'The invoice is cancelled by a credit note for its full amount and issued again under a new number with the corrected details; the buyer is e-mailed the new invoice. The amounts stay the same; the GST may move between CGST + SGST and IGST with the place of supply.'
          : 'The order is not paid: its billing details change, and its invoice will carry them when it is paid. The amounts stay the same.'}
      </p>
      {open ? (
        <form
          onSubmit={onSubmit}
          onKeyDown={onKeyDown}
          noValidate
          aria-label="Correct billing details"
          className="mt-3 space-y-4"
        >
          {overtaken ? <BillingNow billing={order.billing} /> : null}
          <TextField
            label="Billing name"
            autoFocus
            error={errors.name?.message}
            {...register('name')}
          />
          {corporate ? (
            <>
              <TextField
                label="Company name"
                error={errors.companyName?.message}
                {...register('companyName')}
              />
              <GstinField error={errors.gstinNo?.message} {...register('gstinNo')} />
            </>
          ) : null}
          <AddressFields register={register} errors={errors} stateName={stateName} />
          {askToConfirm ? (
            <CheckboxField
              label={`The GSTIN is registered in ${gstinState}; bill this order to ${stateName} all the same.`}
              error={errors.confirmGstinStateMismatch?.message}
              {...register('confirmGstinStateMismatch')}
            />
          ) : null}
          <TextField
            label="Reason (on the timeline)"
            hint="Why the details are corrected, such as which document of the buyer's shows them. It stays in the team's log: no personal details beyond what the billing itself holds."
            error={errors.reason?.message}
            {...register('reason')}
          />
          <FormActions
            failure={failure}
            pending={isSubmitting}
            pendingLabel="Correcting…"
            submit="Correct the billing details"
            keep={{ label: 'Keep them', onClick: close }}
          />
        </form>
      ) : (
        <button ref={openerRef} type="button" className="btn-secondary mt-3" onClick={opened}>
          Correct billing details…
        </button>
      )}
    </Card>
  );
}
