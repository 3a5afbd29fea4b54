import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { API_ERROR_MESSAGES } from '../lib/api-client';
import type { ToastApi } from './toast';

/** A code-split part's script that could not be fetched (offline, or gone after a deployment). */
class PartLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not be loaded', { cause });
    this.name = 'PartLoadError';
  }
}

export interface LazyPartProps {
  /** Shown while the part loads; nothing by default. */
  loading?: ReactNode;
  /** When it could not be loaded: a line saying so in its place, with Retry. Nothing if unset. */
  failedText?: string;
  /**
   * Told once each time it could not be loaded (a toast, a dialog closed); `again` once an import
   * made afresh failed too: what the browser could not fetch (a shared script, offline) it keeps
   * as failed, so only a reload of the page loads it.
   */
  onLoadFailed?: (again: boolean) => void;
}

/** The toast of a dialog that could not be loaded: no response; a second time, with Reload. */
export function toastPartNotLoaded(toast: ToastApi, again: boolean) {
  toast.error(
    API_ERROR_MESSAGES.noResponse,
    again ? { action: { label: 'Reload the page', run: () => window.location.reload() } } : {},
  );
}

interface BoundaryProps {
  failedText?: string;
  onLoadFailed?: (again: boolean) => void;
  /** Whether an import made afresh failed too. */
  again: () => boolean;
  retry: () => void;
  render: () => ReactNode;
}

/** Catches only the part's failed import; any other error goes on to the boundaries above. */
class PartBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof PartLoadError) this.props.onLoadFailed?.(this.props.again());
  }

  private retry = () => {
    if (this.props.again()) {
      window.location.reload();
      return;
    }
    this.props.retry();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.render();
    if (!(error instanceof PartLoadError)) throw error;
    if (!this.props.failedText) return null;
    return (
      <p role="alert" className="mt-4 text-sm text-slate-700">
        {this.props.failedText}{' '}
        <button
          type="button"
          className="font-semibold text-blue-800 underline underline-offset-2"
          onClick={this.retry}
        >
          {this.props.again() ? 'Reload the page' : 'Retry'}
        </button>
      </p>
    );
  }
}

/**
 * The address of the script a failed import names (Chromium and Firefox say it), with a query
 * of its own: a browser keeps a module it could not fetch as failed for the page's life, so the
 * same address would fail again without asking the network.
 */
function addressToRetry(cause: unknown, attempt: number): string | undefined {
  const named = cause instanceof Error ? /\bhttps?:\/\/\S+?\.js\b/.exec(cause.message) : null;
  if (!named) return undefined;
  const url = new URL(named[0]);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}

/**
 * React.lazy for a part loaded when first needed (`load` imports its module, `pick` takes the
 * component from it), failing locally: when its script cannot be fetched the page stays, the part
 * says so (`failedText`, `onLoadFailed`), and Retry, or the part's next mount, imports it again:
 * a fresh React.lazy (one keeps a rejected import), from the failed script's address with a query
 * of its own where the browser named it.
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P & LazyPartProps> {
  let failed = false;
  let attempts = 0;
  let retryFrom: string | undefined;
  const fresh = () =>
    lazy(() =>
      (retryFrom ? (import(/* @vite-ignore */ retryFrom) as Promise<M>) : load()).then(
        (module) => ({ default: pick(module) }),
        (cause: unknown) => {
          failed = true;
          attempts += 1;
          retryFrom = addressToRetry(cause, attempts) ?? retryFrom;
          throw new PartLoadError(cause);
        },
      ),
    );
  let Part = fresh();
  const reload = () => {
    failed = false;
    Part = fresh();
  };

  return function LazyPart({ loading = null, failedText, onLoadFailed, ...props }) {
    // A part whose last import failed imports again when next mounted.
    useState(() => failed && reload());
    return (
      <PartBoundary
        failedText={failedText}
        onLoadFailed={onLoadFailed}
        again={() => attempts > 1}
        retry={reload}
        render={() => (
          <Suspense fallback={loading}>
            <Part {...(props as P)} />
          </Suspense>
        )}
      />
    );
  };
}
