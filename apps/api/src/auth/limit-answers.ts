/*
 * The wording of the limits counted in the database (OTP sends, failed sign-ins; the counting
 * itself is in auth-store.ts); they answer with tooMany (http/app-error.ts).
 */

/** "45 seconds", "15 minutes". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} seconds`;
  return `${Math.ceil(s / 60)} minutes`;
}
