import type { ReactNode } from 'react';
import { SubmitButton } from '../../../components/form-fields';

/**
 * The end of a console order form: why its call failed (announced), its submit button and,
 * for a form opened in place, a button that closes it and keeps things as they are.
 */
export function FormActions({
  failure,
  pending,
  pendingLabel,
  submit,
  keep,
}: {
  failure: string | undefined;
  pending: boolean;
  pendingLabel: string;
  submit: ReactNode;
  keep?: { label: string; onClick: () => void };
}) {
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submit}
        </SubmitButton>
        {keep ? (
          <button type="button" className="btn-secondary whitespace-nowrap" onClick={keep.onClick}>
            {keep.label}
          </button>
        ) : null}
      </div>
    </>
  );
}
