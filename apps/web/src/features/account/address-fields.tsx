import { PIN_CODE_SHAPE, pinCodeStateProblem, states } from '@store/domain';
import { useId } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../components/form-fields';
import { z } from '../../lib/zod';
import { VALIDATION_MESSAGES } from './account-fields';

const m = VALIDATION_MESSAGES;

/** The address's fields, as the server checks them (PUT /user/address, checkout's billing). */
export const addressSchema = z
  .object({
    line1: z.string().trim().min(1, m.addressLine1Required).max(200, m.addressLineLong),
    line2: z.string().trim().max(200, m.addressLineLong),
    city: z.string().trim().min(2, m.cityRequired).max(100, m.cityRequired),
    state: z
      .string()
      .refine((value) => states.some((state) => state.name === value), m.stateRequired),
    pinCode: z.string().trim().regex(PIN_CODE_SHAPE, m.pinInvalid),
  })
  // A PIN code of another state's zone, in the API's words (pinCodeStateProblem).
  .superRefine(({ pinCode, state }, ctx) => {
    const message = pinCodeStateProblem(pinCode, state);
    if (message) ctx.addIssue({ code: 'custom', path: ['pinCode'], message });
  });

type AddressValues = z.input<typeof addressSchema>;
type AddressField = keyof AddressValues;

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
