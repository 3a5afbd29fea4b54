import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReplayHeldInteractions } from './held-interactions';

afterEach(() => {
  cleanup();
  delete window.__releaseHeldInteractions;
  vi.useRealTimers();
});

function Root({
  onSearch,
  hydrated = true,
}: {
  onSearch: (digits: string, where: string) => void;
  hydrated?: boolean;
}) {
  useReplayHeldInteractions(hydrated);
  const [digits, setDigits] = useState('');
  const [where, setWhere] = useState('anywhere');
  const [menu, setMenu] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(digits, where);
  };
  return (
    <>
      <button type="button" aria-expanded={menu} onClick={() => setMenu((open) => !open)}>
        Menu
      </button>
      <form aria-label="search" onSubmit={submit}>
        <input aria-label="Digits" value={digits} onChange={(e) => setDigits(e.target.value)} />
        <select aria-label="Where" value={where} onChange={(e) => setWhere(e.target.value)}>
          <option value="anywhere">Anywhere</option>
          <option value="end">At the end</option>
        </select>
        <button type="submit">Search</button>
      </form>
    </>
  );
}

describe('useReplayHeldInteractions', () => {
  it('once hydrated, enters the fields filled in before, then replays the clicks, in order', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const release = vi.fn();
    window.__releaseHeldInteractions = release;
    release.mockImplementation(() => {
      // As hydration leaves a field typed in before it: the value on screen, and in React's
      // record of what the field last held, but not in the component's state.
      const digits = screen.getByLabelText<HTMLInputElement>('Digits');
      digits.value = '786';
      const removed = document.createElement('button');
      return {
        fields: [
          [digits, '786'],
          [screen.getByLabelText('Where'), 'end'],
        ],
        actions: [screen.getByRole('button', { name: 'Menu' }), removed, screen.getByRole('form')],
      };
    });

    const { rerender } = render(<Root onSearch={onSearch} hydrated={false} />);
    expect(release).not.toHaveBeenCalled();
    rerender(<Root onSearch={onSearch} />);
    rerender(<Root onSearch={onSearch} />);
    expect(onSearch).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());

    expect(release).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('786', 'end');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Digits').value).toBe('786');
    fireEvent.submit(screen.getByRole('form'));
    expect(onSearch).toHaveBeenLastCalledWith('786', 'end');
  });

  it('does nothing on a page without the holding script (the SPA shell)', () => {
    const onSearch = vi.fn();
    render(<Root onSearch={onSearch} />);
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(onSearch).not.toHaveBeenCalled();
  });
});
