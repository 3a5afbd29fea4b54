import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** Milliseconds before the toast starts leaving; Infinity keeps it until closed. */
  duration: number;
  action?: ToastAction;
}

/** A button on the toast (e.g. "No e-mails"): runs `run`, then the toast closes. */
interface ToastAction {
  label: string;
  run: () => void;
}

/** A toast on screen; `leaving` while its exit animation runs. */
export interface ToastEntry extends Toast {
  leaving: boolean;
}

export interface ToastOptions {
  /**
   * Milliseconds; defaults to TOAST_DEFAULT_DURATION_MS, or Infinity for a toast with an action.
   * Infinity never auto-closes.
   */
  duration?: number;
  action?: ToastAction;
}

type ShowToast = (message: string, options?: ToastOptions) => string;

export interface ToastApi {
  success: ShowToast;
  error: ShowToast;
  info: ShowToast;
  warning: ShowToast;
  show: (type: ToastType, message: string, options?: ToastOptions) => string;
  /** Start the exit animation of a toast; it is removed TOAST_EXIT_MS later. */
  dismiss: (id: string) => void;
}

/** Spec §9: toast default duration 3000 ms, exit animation 300 ms. */
export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_EXIT_MS = 300;

export const ToastContext = createContext<ToastApi | null>(null);
ToastContext.displayName = 'ToastContext';

/** `const toast = useToast(); toast.success('Item added to cart');` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
