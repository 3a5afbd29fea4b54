/** An error a person can act on: it becomes `{ success: false, message, code, ...extra }`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly extra: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code = 'BAD_REQUEST',
  extra?: Record<string, unknown>,
) => new AppError(400, code, message, extra);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHORIZED', message);
/** The signed-in account no longer exists (closed meanwhile): its session is over. */
export const accountGone = () =>
  unauthorized('Your account could not be found. Please sign in again.');
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT', extra?: Record<string, unknown>) =>
  new AppError(409, code, message, extra);
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

/** A wait in whole minutes, for a person: "1 minute", "15 minutes". */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 404 of a method and path that no route answers. */
export const noRoute = (method: string, url: string) =>
  notFound(`No API route ${method} ${url.split('?')[0]}`);
