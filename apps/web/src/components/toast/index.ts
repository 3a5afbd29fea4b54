export { ToastProvider } from './toast-provider';
export { useToast, type ToastApi } from './toast-context';
