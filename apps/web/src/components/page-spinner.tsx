import { useNavigation } from 'react-router';

/** Page-wide loading indicator (a spinner over a light veil). */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-spinner"
      className="page-spinner fixed inset-0 z-[70] flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
    >
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Shows the page-wide spinner while a route module or a navigation is loading. */
export function NavigationSpinner() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <PageSpinner />;
}
