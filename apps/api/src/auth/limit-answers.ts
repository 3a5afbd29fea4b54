import { AppError } from '../http/app-error';

/*
 * The answers of the limits counted in the database (OTP sends, failed sign-ins; the counting
 * itself is in auth-store.ts).
 */

/** 429 with `retryAfter` in the body and a Retry-After header (whole seconds, at least 1). */
export function tooMany(code: string, message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    code,
    message,
    { retryAfter: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** "45 seconds", "15 minutes". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} seconds`;
  return `${Math.ceil(s / 60)} minutes`;
}
