import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input';

afterEach(cleanup);

function Harness({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const value = () => screen.getByTestId('value').textContent;

describe('OtpInput', () => {
  it('is six labelled numeric one-time-code boxes in a labelled group', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Verification code' });
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    for (const input of boxes) {
      expect(group).toContainElement(input);
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    }
  });

  it('moves to the next box while typing and ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12a3');
    expect(value()).toBe('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('456');
    expect(value()).toBe('123456');
    expect(box(6)).toHaveValue('6');
  });

  it('fills every box when six digits are pasted, wherever the paste lands', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('98 76-54');
    expect(value()).toBe('987654');
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value)).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
    ]);
    expect(box(6)).toHaveFocus();
  });

  it('fills every box from a one-time-code autofill into one box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '246810' } });
    expect(value()).toBe('246810');
  });

  it('Backspace clears the box, then moves back and clears the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('');
    expect(box(1)).toHaveFocus();
  });

  it('shows an error tied to the boxes', () => {
    const onChange = vi.fn();
    render(<OtpInput value="" onChange={onChange} error="Enter the 6-digit code." />);
    const first = box(1);
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Enter the 6-digit code.');
  });
});
