import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_EXIT_MS,
  ToastContext,
  type ToastApi,
  type ToastEntry,
  type ToastOptions,
  type ToastType,
} from './toast-context';
import { ToastViewport } from './toast-viewport';

let nextId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const clearTimer = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      timers.current.delete(id);
    }
  }, []);

  const dismiss = useCallback(
    (id: string) => {
      clearTimer(id);
      setToasts((current) =>
        current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)),
      );
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setToasts((current) => current.filter((toast) => toast.id !== id));
        }, TOAST_EXIT_MS),
      );
    },
    [clearTimer],
  );

  const show = useCallback(
    (type: ToastType, message: string, options: ToastOptions = {}) => {
      nextId += 1;
      const id = `toast-${nextId}`;
      // A toast with an action stays until closed, so that a keyboard can reach its button
      // however far it is in the Tab order (WCAG 2.2.1, QA 32 F10).
      const duration = options.duration ?? (options.action ? Infinity : TOAST_DEFAULT_DURATION_MS);
      // The same message again replaces the one still showing (signing out twice in a row
      // says so once), so toasts never stack up as copies.
      setToasts((current) => [
        ...current.filter((toast) => toast.type !== type || toast.message !== message),
        { id, message, type, duration, action: options.action, leaving: false },
      ]);
      if (Number.isFinite(duration)) {
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), Math.max(0, duration)),
        );
      }
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      warning: (message, options) => show('warning', message, options),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onClose={dismiss} />
    </ToastContext.Provider>
  );
}
