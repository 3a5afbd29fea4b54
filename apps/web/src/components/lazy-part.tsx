import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

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
  /** Told once each time it could not be loaded (a toast, a dialog closed). */
  onLoadFailed?: () => void;
}

interface BoundaryProps {
  failedText?: string;
  onLoadFailed?: () => void;
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
    if (error instanceof PartLoadError) this.props.onLoadFailed?.();
  }

  private retry = () => {
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
          Retry
        </button>
      </p>
    );
  }
}

/**
 * React.lazy for a part loaded when first needed, failing locally: when its script cannot be
 * fetched the page stays, the part says so (`failedText`, `onLoadFailed`), and Retry, or the
 * part's next mount, imports it again (React.lazy keeps a rejected import, so a fresh one is made).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & LazyPartProps> {
  let failed = false;
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (cause: unknown) => {
          failed = true;
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
