export { ToastProvider } from './toast-provider';
export {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_EXIT_MS,
  useToast,
  type Toast,
  type ToastApi,
  type ToastOptions,
  type ToastType,
} from './toast-context';
