import { companyNameProblem, gstinProblem, isValidMobile, personNameProblem } from '@store/domain';
import { z } from '../../lib/zod';

/**
 * The rules of an account's fields, for the profile page and for the forms of the
 * authentication modal (registration, sign-in, password reset). They match the server's rules
 * (apps/api/src/users/user-schemas.ts), so most mistakes are caught inline before a request is
 * sent.
 */

export const VALIDATION_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameShort: 'Name must be at least 2 characters long.',
  nameLong: 'Name must be at most 100 characters long.',
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  mobileRequired: 'Enter your mobile number.',
  mobileInvalid: 'Enter a valid 10-digit Indian mobile number.',
  contactRequired: 'Enter your e-mail address or mobile number.',
  contactInvalid: 'Enter a valid e-mail address or 10-digit mobile number.',
  passwordRequired: 'Enter your password.',
  passwordShort: 'Password must be at least 8 characters long.',
  passwordLong: 'Password must be at most 128 characters long.',
  passwordMismatch: 'The passwords do not match.',
  companyRequired: 'Enter the company name: it is required for a Corporate account.',
  companyShort: 'Company name must be at least 2 characters long.',
  companyLong: 'Company name must be at most 200 characters long.',
  gstinRequired: 'Enter the GSTIN: it is required for a Corporate account.',
  termsRequired: 'Please accept the terms and conditions to create an account.',
  addressLine1Required: 'Enter the first address line.',
  addressLineLong: 'An address line must be at most 200 characters long.',
  cityRequired: 'Enter the city.',
  stateRequired: 'Choose the state or union territory.',
  pinInvalid: 'Enter a valid 6-digit PIN code.',
} as const;

const m = VALIDATION_MESSAGES;

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/** A person's name, refused in the API's words (personNameProblem, packages/domain). */
export const nameSchema = z
  .string()
  .trim()
  .min(1, m.nameRequired)
  .min(2, m.nameShort)
  .max(100, m.nameLong)
  .superRefine((value, ctx) => {
    const problem = personNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const emailSchema = z
  .string()
  .trim()
  .min(1, m.emailRequired)
  .pipe(z.email({ error: m.emailInvalid }).max(254, m.emailInvalid));

export const mobileSchema = z
  .string()
  .trim()
  .min(1, m.mobileRequired)
  .refine((value) => isValidMobile(value), m.mobileInvalid);

/** Something to sign in with: an e-mail address or an Indian mobile number. */
export const contactSchema = z
  .string()
  .trim()
  .min(1, m.contactRequired)
  .refine(
    (value) => (value.includes('@') ? z.email().safeParse(value).success : isValidMobile(value)),
    m.contactInvalid,
  );

export const newPasswordSchema = z
  .string()
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordLong);

/** The company name of a Corporate account (checked only when the account is Corporate). */
function corporateCompanyProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return m.companyRequired;
  if (trimmed.length < 2) return m.companyShort;
  if (trimmed.length > 200) return m.companyLong;
  return companyNameProblem(trimmed);
}

/** GSTINs are stored upper-case; the form accepts any case. */
export function normalizeGstin(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * The GSTIN of a Corporate account (checked only when the account is Corporate): what is wrong
 * with it in the API's words (gstinProblem, packages/domain).
 */
function corporateGstinProblem(value: string): string | null {
  const gstin = normalizeGstin(value);
  if (!gstin) return m.gstinRequired;
  return gstinProblem(gstin);
}

/** A Corporate account's company name and GSTIN: their problems go under the two fields. */
export function checkCorporateFields(
  values: { companyName: string; gstinNo: string },
  ctx: z.RefinementCtx,
): void {
  const company = corporateCompanyProblem(values.companyName);
  if (company) ctx.addIssue({ code: 'custom', path: ['companyName'], message: company });
  const gstin = corporateGstinProblem(values.gstinNo);
  if (gstin) ctx.addIssue({ code: 'custom', path: ['gstinNo'], message: gstin });
}

/** Splits "e-mail or mobile" input into the field it belongs to. */
export function splitContact(contact: string): { email?: string; mobile?: string } {
  const value = contact.trim();
  return value.includes('@') ? { email: value.toLowerCase() } : { mobile: value };
}
