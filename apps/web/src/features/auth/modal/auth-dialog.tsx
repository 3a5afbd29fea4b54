import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseMiniIcon, LogoMark } from '../../../components/icons';
import { siteConfig } from '../../../lib/site-config';
import { useModalFocus } from '../../../components/modal-dialog';

export interface AuthDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Changes when the view changes: the focus moves to the new view's first field. */
  viewKey: string;
  children: ReactNode;
}

/**
 * The dialog shell of the authentication modal: role="dialog" with aria-modal, labelled by its
 * title and described by its intro; Escape and the backdrop close it; Tab stays inside; the
 * focus goes to the first field of each view and back to the opener on close. Full screen on
 * phones, a centred card from the `sm` breakpoint up; tall content scrolls inside.
 */
export function AuthDialog({
  open,
  onClose,
  title,
  description,
  viewKey,
  children,
}: AuthDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Open: remember the opener, lock the page scroll, trap Tab, close on Escape.
  useModalFocus(open, panelRef, onClose);

  // Each view: focus its first field (or the panel itself), scroll to the top.
  useEffect(() => {
    if (!open) return;
    const body = bodyRef.current;
    const panel = panelRef.current;
    if (!body || !panel) return;
    panel.scrollTop = 0;
    const target =
      body.querySelector<HTMLElement>('[data-autofocus]') ??
      body.querySelector<HTMLElement>(
        'input:not([disabled]):not([type="hidden"]), select:not([disabled])',
      );
    (target ?? panel).focus();
  }, [open, viewKey]);

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-stretch justify-center sm:items-center sm:p-6">
      <div
        aria-hidden="true"
        data-testid="auth-backdrop"
        className="absolute inset-0 bg-slate-950/60 backdrop-blur-[2px]"
        onClick={() => onCloseRef.current()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="relative flex h-full w-full scroll-pt-24 flex-col overflow-y-auto overscroll-contain bg-white text-slate-900 focus:outline-none sm:h-auto sm:max-h-[calc(100dvh-3rem)] sm:max-w-md sm:rounded-2xl sm:shadow-2xl"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-100 bg-white/95 px-5 py-3 backdrop-blur sm:px-7">
          <span className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <LogoMark className="size-6" />
            {siteConfig.storeName}
          </span>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label="Close dialog"
            className="-mr-2 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseMiniIcon className="size-5" />
          </button>
        </div>
        <div ref={bodyRef} className="flex-1 px-5 pt-6 pb-8 sm:px-7 sm:pb-7">
          <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1.5 text-sm break-words text-slate-600">
              {description}
            </p>
          ) : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
