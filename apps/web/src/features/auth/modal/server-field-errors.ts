import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorMessage, isApiError } from '../../../lib/api-client';

/**
 * Server-side validation errors under the fields they concern. The API answers a rejected body
 * with 400 `{ code: 'VALIDATION_ERROR', message, errors: ['field: message', ...] }` (objects
 * `{ path, message }` are read too); a few conflicts name their field by code (EMAIL_TAKEN).
 */

interface ServerFieldError {
  /** Dotted path of the field in the request body, e.g. `password` or `address.pinCode`. */
  path: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const FIELD_PREFIX = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*): (.+)$/s;

function parseIssue(issue: unknown): ServerFieldError | null {
  if (typeof issue === 'string') {
    const match = FIELD_PREFIX.exec(issue.trim());
    return match ? { path: match[1]!, message: match[2]! } : { path: '', message: issue };
  }
  if (isRecord(issue) && typeof issue.message === 'string') {
    const raw = issue.path ?? issue.field;
    const path = Array.isArray(raw) ? raw.join('.') : typeof raw === 'string' ? raw : '';
    return { path, message: issue.message };
  }
  return null;
}

/** The per-field problems of an API error (none when it has no `errors` list). */
function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!isApiError(error) || !isRecord(error.body) || !Array.isArray(error.body.errors)) return [];
  return error.body.errors.map(parseIssue).filter((e): e is ServerFieldError => e !== null);
}

/**
 * Shows the server's field errors under their fields with `setError` (the first one focused)
 * and returns what is left for a toast: the problems no field of this form shows, or the
 * server's message (else `fallback`) when none could be placed. Null when nothing is left.
 *
 * `fields` maps request-body paths to form fields (only the fields the form shows now);
 * `codeFields` maps error codes such as EMAIL_TAKEN to the field they concern.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: {
    fields: Partial<Record<string, Path<T>>>;
    codeFields?: Partial<Record<string, Path<T>>>;
    fallback: string;
  },
): string | null {
  const placed: { field: Path<T>; message: string }[] = [];
  const unplaced: string[] = [];
  const issues = serverFieldErrors(error);
  for (const issue of issues) {
    const field = issue.path ? options.fields[issue.path] : undefined;
    if (field) placed.push({ field, message: issue.message });
    else unplaced.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
  }
  if (issues.length === 0 && isApiError(error) && error.code) {
    const field = options.codeFields?.[error.code];
    if (field) placed.push({ field, message: error.message });
  }

  const seen = new Set<string>();
  placed.forEach(({ field, message }, i) => {
    if (seen.has(field)) return; // one message per field: the first the server gave
    seen.add(field);
    setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
  });

  if (placed.length === 0) return apiErrorMessage(error, options.fallback);
  return unplaced.length > 0 ? unplaced.join(' ') : null;
}
