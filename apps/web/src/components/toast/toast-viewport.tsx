import { CloseMiniIcon } from '../icons';
import type { ToastEntry, ToastType } from './toast-context';

const styles: Record<ToastType, { box: string; icon: string }> = {
  success: { box: 'border-emerald-600 bg-emerald-50 text-emerald-950', icon: '✓' },
  error: { box: 'border-red-600 bg-red-50 text-red-950', icon: '!' },
  info: { box: 'border-sky-600 bg-sky-50 text-sky-950', icon: 'i' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', icon: '!' },
};

const iconStyles: Record<ToastType, string> = {
  success: 'bg-emerald-700',
  error: 'bg-red-700',
  info: 'bg-sky-700',
  warning: 'bg-amber-700',
};

/**
 * Fixed top-right stack of toasts, below the header (64 px high) so that they never cover its
 * cart link, account menu or menu button, as they did right after signing in. Errors go into an
 * assertive live region, the others into a polite status region: two regions, always mounted,
 * neither inside the other, so that each toast is announced once, as it comes. Both regions lay their toasts out in the one
 * stack (`display: contents`), each in its place in the order they came (`order`).
 */
export function ToastViewport({
  toasts,
  onClose,
}: {
  toasts: readonly ToastEntry[];
  onClose: (id: string) => void;
}) {
  const item = (toast: ToastEntry, index: number) => {
    const style = styles[toast.type];
    return (
      <div
        key={toast.id}
        data-toast-type={toast.type}
        data-state={toast.leaving ? 'leaving' : 'open'}
        style={{ order: index }}
        className={`toast pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${style.box}`}
      >
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${iconStyles[toast.type]}`}
        >
          {style.icon}
        </span>
        <p className="flex-1 text-sm font-medium">{toast.message}</p>
        {toast.action ? (
          <button
            type="button"
            onClick={() => {
              toast.action!.run();
              onClose(toast.id);
            }}
            className="shrink-0 rounded border border-current px-2 py-0.5 text-sm font-semibold"
          >
            {toast.action.label}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onClose(toast.id)}
          aria-label="Close notification"
          className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
        >
          <CloseMiniIcon className="size-4" />
        </button>
      </div>
    );
  };
  return (
    <div className="pointer-events-none fixed top-20 right-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      <div
        role="status"
        aria-live="polite"
        aria-atomic="false"
        aria-label="Notifications"
        className="contents"
      >
        {toasts.map((toast, index) => (toast.type === 'error' ? null : item(toast, index)))}
      </div>
      <div aria-live="assertive" aria-atomic="false" className="contents">
        {toasts.map((toast, index) => (toast.type === 'error' ? item(toast, index) : null))}
      </div>
    </div>
  );
}
