import '@testing-library/jest-dom/vitest';
import { useEffect } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorToasts } from '../../../test-support/toasts';
import { ToastProvider, useToast, type ToastApi } from './index';

let toast: ToastApi;

function Capture() {
  const api = useToast();
  useEffect(() => {
    toast = api;
  }, [api]);
  return null;
}

function renderProvider() {
  return render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a toast for 3000 ms, then slides it out over 300 ms and removes it', () => {
    renderProvider();
    act(() => {
      toast.success('Item added to cart');
    });
    const item = screen.getByText('Item added to cart').closest('[data-state]');
    expect(item).toHaveAttribute('data-state', 'open');
    expect(item).toHaveAttribute('data-toast-type', 'success');

    act(() => vi.advanceTimersByTime(2999));
    expect(item).toHaveAttribute('data-state', 'open');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Item added to cart').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'leaving',
    );

    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('Item added to cart')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Item added to cart')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    renderProvider();
    act(() => {
      toast.info('Prices for some items in your cart have changed', { duration: 1000 });
    });
    act(() => vi.advanceTimersByTime(1300));
    expect(screen.queryByText(/Prices for some items/)).not.toBeInTheDocument();
  });

  it('closes with the close button, sliding out over 300 ms', () => {
    renderProvider();
    act(() => {
      toast.info('This product is already in your cart.');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(
      screen.getByText('This product is already in your cart.').closest('[data-state]'),
    ).toHaveAttribute('data-state', 'leaving');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('This product is already in your cart.')).not.toBeInTheDocument();
  });

  it('keeps a toast with an infinite duration until it is closed', () => {
    renderProvider();
    act(() => {
      toast.warning('Some items in your cart are no longer available', { duration: Infinity });
    });
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    const message = screen.getByText('Some items in your cart are no longer available');
    expect(message.closest('[data-state]')).toHaveAttribute('data-state', 'open');

    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    act(() => vi.advanceTimersByTime(300));
    expect(
      screen.queryByText('Some items in your cart are no longer available'),
    ).not.toBeInTheDocument();
  });

  it('keeps a toast with an action until it is closed, so a keyboard can reach it (QA 32 F10)', () => {
    const reload = vi.fn();
    renderProvider();
    act(() => {
      toast.error('No response', { action: { label: 'Reload the page', run: reload } });
    });
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stacks toasts in a polite status region; errors in an assertive one', () => {
    renderProvider();
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    const stack = region.parentElement!;
    expect(stack.className).toMatch(/fixed/);
    // Top-right, below the 64 px header (not over its account menu).
    expect(stack.className).toMatch(/\btop-20\b/);
    expect(stack.className).toMatch(/right-4/);

    act(() => {
      toast.success('Successfully Logged Out');
      toast.error('An unexpected error occurred');
    });
    expect(region).toHaveTextContent('Successfully Logged Out');
    expect(errorToasts()).toHaveTextContent('An unexpected error occurred');
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
  });

  it('announces an error once: in an assertive region of its own, mounted before it comes, not in the polite one', () => {
    renderProvider();
    const alerts = errorToasts();
    expect(alerts).toBeEmptyDOMElement();
    act(() => {
      toast.info('Prices for some items in your cart have changed');
      toast.error('The code sent to your mobile is not right.');
      toast.success('Item added to cart');
    });
    const status = screen.getByRole('status', { name: 'Notifications' });
    expect(status).not.toHaveTextContent('The code sent to your mobile is not right.');
    expect(status).not.toContainElement(alerts);
    expect(alerts).not.toContainElement(status);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(alerts).toHaveTextContent('The code sent to your mobile is not right.');
    expect(alerts).not.toHaveTextContent('Item added to cart');
    // Both regions share one stack, each toast in its place in the order they came.
    const order = (text: string) =>
      (screen.getByText(text).closest('[data-toast-type]') as HTMLElement).style.order;
    expect(order('Prices for some items in your cart have changed')).toBe('0');
    expect(order('The code sent to your mobile is not right.')).toBe('1');
    expect(order('Item added to cart')).toBe('2');
    expect(alerts.parentElement).toBe(status.parentElement);
  });

  it('shows the same message once: a repeat replaces the one still showing, for its full time', () => {
    renderProvider();
    act(() => {
      toast.success('Successfully Logged Out');
    });
    act(() => vi.advanceTimersByTime(2000));
    act(() => {
      toast.success('Successfully Logged Out');
      toast.error('Successfully Logged Out');
    });
    expect(screen.getAllByText('Successfully Logged Out')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
    // The repeat lasts its own 3000 ms, not what was left of the first.
    act(() => vi.advanceTimersByTime(2999));
    const success = screen.getAllByText('Successfully Logged Out')[0]!.closest('[data-state]');
    expect(success).toHaveAttribute('data-state', 'open');
  });

  it('returns an id that dismisses the toast', () => {
    renderProvider();
    let id = '';
    act(() => {
      id = toast.info('Your cart has been synced with your account');
    });
    act(() => toast.dismiss(id));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText(/synced/)).not.toBeInTheDocument();
  });

  it('throws when used outside the provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});
