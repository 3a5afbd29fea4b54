/**
 * "Skip to main content": the first Tab stop of a page (after the cookie choice while it is
 * asked), shown only while it has the focus; it
 * takes the focus to `#main` (which needs `tabIndex={-1}`), past the header or the navigation.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
