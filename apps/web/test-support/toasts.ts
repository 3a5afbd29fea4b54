/**
 * The live region of the error toasts (aria-live="assertive", always mounted by the
 * ToastProvider; the other toasts are in the polite status region "Notifications").
 */
export function errorToasts(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="assertive"]');
  if (!region) throw new Error('No error toasts region: is a ToastProvider rendered?');
  return region;
}
