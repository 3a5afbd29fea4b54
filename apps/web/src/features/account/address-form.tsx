import { zodResolver } from '@hookform/resolvers/zod';
import { states } from '@store/domain';
import { useId } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from '../../lib/zod';
import { SelectField, TextField } from '../../components/form-fields';
import type { AuthAddress, AuthUser } from '../auth';
import { VALIDATION_MESSAGES } from './account-fields';
import { SaveButton, useAccountSave } from './account-save';
import { AccountSection } from './account-section';
import { useUpdateAddress } from './api/update-address';

const ADDRESS_SAVED = 'Your address has been saved.';
const ADDRESS_SAVE_FAILED = 'Failed to save your address';

const m = VALIDATION_MESSAGES;

/** The address's fields, as the server checks them (PUT /user/address, checkout's billing). */
export const addressSchema = z.object({
  line1: z.string().trim().min(1, m.addressLine1Required).max(200, m.addressLineLong),
  line2: z.string().trim().max(200, m.addressLineLong),
  city: z.string().trim().min(2, m.cityRequired).max(100, m.cityRequired),
  state: z
    .string()
    .refine((value) => states.some((state) => state.name === value), m.stateRequired),
  pinCode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, m.pinInvalid),
});

type AddressValues = z.input<typeof addressSchema>;
type AddressField = keyof AddressValues;

function valuesOf(address: AuthAddress | null): AddressValues {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    pinCode: address?.pinCode ?? '',
  };
}

/** The one delivery and billing address: two lines, city, state, 6-digit PIN code. */
export function AddressForm({ user, address }: { user: AuthUser; address: AuthAddress | null }) {
  const save = useAccountSave({ saved: ADDRESS_SAVED, failed: ADDRESS_SAVE_FAILED });
  const { mutateAsync: saveAddress } = useUpdateAddress();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AddressValues>({
    resolver: zodResolver(addressSchema),
    defaultValues: valuesOf(address),
  });
  const stateName = useWatch({ control, name: 'state' });

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      line1: values.line1,
      ...(values.line2 ? { line2: values.line2 } : {}),
      city: values.city,
      state: values.state,
      pinCode: values.pinCode,
    };
    await save(
      () => saveAddress(body),
      { user, address: { ...body, line2: body.line2 ?? null } },
      (session) => reset(valuesOf(session.address)),
    );
  });

  return (
    <AccountSection
      title="Address"
      description={
        address
          ? 'Used for your invoices and for porting your numbers.'
          : 'Add the address for your invoices and for porting your numbers.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <AddressFields register={register} errors={errors} stateName={stateName} />
        <SaveButton pending={isSubmitting} dirty={isDirty}>
          Save address
        </SaveButton>
      </form>
    </AccountSection>
  );
}

/**
 * The address lines, state (with its cities to pick from), city and PIN code of a form whose
 * values include AddressValues: the profile's address and checkout's billing address.
 */
export function AddressFields({
  register,
  errors,
  stateName,
}: {
  register: (name: AddressField) => UseFormRegisterReturn;
  errors: FieldErrors<AddressValues>;
  stateName: string;
}) {
  const citiesId = useId();
  const cities = [
    ...new Set(states.find((state) => state.name === stateName)?.cities.map((c) => c.name) ?? []),
  ];
  return (
    <>
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        placeholder="House or flat number, building, street"
        error={errors.line1?.message}
        {...register('line1')}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        placeholder="Area, landmark"
        error={errors.line2?.message}
        {...register('line2')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="State or union territory"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        >
          <option value="">Choose…</option>
          {states.map((state) => (
            <option key={state.slug} value={state.name}>
              {state.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="City"
          autoComplete="address-level2"
          list={cities.length > 0 ? citiesId : undefined}
          error={errors.city?.message}
          {...register('city')}
        />
        {cities.length > 0 ? (
          <datalist id={citiesId}>
            {cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        ) : null}
      </div>
      <TextField
        label="PIN code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        className="sm:max-w-48"
        error={errors.pinCode?.message}
        {...register('pinCode')}
      />
    </>
  );
}
