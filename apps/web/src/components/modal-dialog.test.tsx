import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Dialog({ checked }: { checked: 'set' | 'raise' }) {
  return (
    <ModalDialog open onClose={() => {}} title="Bulk price change">
      <fieldset>
        <legend>Change</legend>
        {(['set', 'raise'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name="mode" value={mode} defaultChecked={mode === checked} />
            {mode === 'set' ? 'Set the price to' : 'Raise by'}
          </label>
        ))}
      </fieldset>
      <input aria-label="Amount" />
    </ModalDialog>
  );
}

describe('ModalDialog', () => {
  afterEach(cleanup);

  it('starts on the checked radio of a group that comes first (QA 32 F10)', async () => {
    render(<Dialog checked="raise" />);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Raise by' })).toHaveFocus());
  });

  it('starts on its first field otherwise', async () => {
    render(<Dialog checked="set" />);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Set the price to' })).toHaveFocus(),
    );
  });
});
