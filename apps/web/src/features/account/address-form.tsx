import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from '../../lib/zod';
import type { AuthAddress, AuthUser } from '../auth';
import { AddressFields, addressSchema } from './address-fields';
import { SaveButton, useAccountSave } from './account-save';
import { AccountSection } from './account-section';
import { useUpdateAddress } from './api/update-address';

const ADDRESS_SAVED = 'Your address has been saved.';
const ADDRESS_SAVE_FAILED = 'Failed to save your address';

type AddressValues = z.input<typeof addressSchema>;

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
