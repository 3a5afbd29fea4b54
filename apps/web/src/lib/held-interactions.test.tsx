import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReplayHeldInteractions } from './held-interactions';

afterEach(() => {
  cleanup();
  delete window.__takeHeldFields;
  delete window.__releaseHeldInteractions;
  vi.useRealTimers();
});

function Root({
  onSearch,
  hydrated = true,
  addressDigits = '',
}: {
  onSearch: (digits: string, where: string) => void;
  hydrated?: boolean;
  /** Digits the page reads from its address once hydrated, as the listing does. */
  addressDigits?: string;
}) {
  useReplayHeldInteractions(hydrated);
  const [digits, setDigits] = useState('');
  const drawn = hydrated ? addressDigits : '';
  const [seen, setSeen] = useState(drawn);
  if (seen !== drawn) {
    setSeen(drawn);
    setDigits(drawn);
  }
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
  it('enters the fields filled in before hydration, then, once hydrated, replays the clicks, in order', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const release = vi.fn();
    window.__takeHeldFields = () => {
      // As hydration leaves a field typed in before it: the value on screen, and in React's
      // record of what the field last held, but not in the component's state.
      const digits = screen.getByLabelText<HTMLInputElement>('Digits');
      digits.value = '786';
      return [
        [digits, '786'],
        [screen.getByLabelText('Where'), 'end'],
      ];
    };
    window.__releaseHeldInteractions = release;
    release.mockImplementation(() => ({
      fields: [],
      actions: [
        screen.getByRole('button', { name: 'Menu' }),
        document.createElement('button'),
        screen.getByRole('form'),
      ],
    }));

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

  it('keeps the keys typed before hydration when the page draws again before the replay, and those typed after', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    window.__takeHeldFields = () => {
      const digits = screen.getByLabelText<HTMLInputElement>('Digits');
      digits.value = '+91 98';
      return [[digits, '+91 98']];
    };
    const release = vi.fn(() => ({
      fields: [[digits(), digits().value] as [Element, string]],
      actions: [screen.getByRole('form')],
    }));
    window.__releaseHeldInteractions = release;
    const digits = () => screen.getByLabelText<HTMLInputElement>('Digits');

    const { rerender } = render(<Root onSearch={onSearch} hydrated={false} />);
    // Drawn again (the listing's data arrived) before the hydration switch has turned.
    rerender(<Root onSearch={onSearch} hydrated={false} />);
    expect(digits().value).toBe('+91 98');
    fireEvent.change(digits(), { target: { value: `${digits().value}7` } });
    rerender(<Root onSearch={onSearch} />);
    await act(() => vi.runAllTimersAsync());

    expect(release).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('+91 987', 'anywhere');
    expect(digits().value).toBe('+91 987');
  });

  it('enters a field again when the page, drawing its address once hydrated, has reset it', async () => {
    vi.useFakeTimers();
    // As the page's script notes typing (entry.server.tsx): each field's last value, until taken.
    const noted = new Map<Element, string>();
    const note = (event: Event) => {
      const field = event.target as HTMLInputElement;
      noted.set(field, field.value);
    };
    document.addEventListener('input', note, true);
    const take = () => {
      const taken = [...noted];
      noted.clear();
      return taken;
    };
    let hydrating = true;
    window.__takeHeldFields = () => {
      if (hydrating) {
        hydrating = false;
        // Typed before hydration: on screen and in React's record, not in the component's state.
        const digits = screen.getByLabelText<HTMLInputElement>('Digits');
        digits.value = '99';
        digits.dispatchEvent(new Event('input', { bubbles: true }));
      }
      return take();
    };
    window.__releaseHeldInteractions = () => ({ fields: take(), actions: [] });

    const { rerender } = render(<Root onSearch={vi.fn()} hydrated={false} addressDigits="786" />);
    rerender(<Root onSearch={vi.fn()} addressDigits="786" />);
    await act(() => vi.runAllTimersAsync());
    document.removeEventListener('input', note, true);

    expect(screen.getByLabelText<HTMLInputElement>('Digits').value).toBe('99');
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
