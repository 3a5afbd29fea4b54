import { z } from 'zod';
import {
  absentWhenEmpty,
  accountTypeField,
  companyNameField,
  emailField,
  gstinField,
  mobileField,
  nameField,
} from '../users/user-schemas';
import { PASSWORD_MAX_LENGTH, passwordProblem, passwordRepeatsIdentity } from './password-policy';

/** A new password: at least 8 characters and not one of the most common passwords. */
const newPasswordField = z.string({ error: 'Enter a password.' }).superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const otpField = z
  .string({ error: 'Enter the code we sent you.' })
  .trim()
  .min(1, 'Enter the code we sent you.')
  .max(12, 'The code has 6 digits.');

const requestIdField = absentWhenEmpty(z.uuid({ error: 'requestId is not one we issued.' }));

export const registerBody = z
  .object({
    name: nameField,
    email: emailField,
    mobile: mobileField,
    password: newPasswordField,
    accountType: accountTypeField,
    getWhatsappUpdate: z.boolean({ error: 'must be true or false.' }).optional(),
    acceptTermsAndConditions: z.literal(true, {
      error: 'Please accept the terms and conditions to create an account.',
    }),
    companyName: absentWhenEmpty(companyNameField),
    gstinNo: absentWhenEmpty(gstinField),
  })
  .superRefine((body, ctx) => {
    const problem = passwordRepeatsIdentity(body.password, body);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (body.accountType === 'Corporate') {
      if (!body.companyName) {
        ctx.addIssue({
          code: 'custom',
          path: ['companyName'],
          message: 'Enter the company name: it is required for a Corporate account.',
        });
      }
      if (!body.gstinNo) {
        ctx.addIssue({
          code: 'custom',
          path: ['gstinNo'],
          message: 'Enter the GSTIN: it is required for a Corporate account.',
        });
      }
    }
  });

/** Both contacts optional at the schema level; the handlers say which are needed. */
const contacts = {
  email: absentWhenEmpty(emailField),
  mobile: absentWhenEmpty(mobileField),
};

export const verifyOtpBody = z.object({
  ...contacts,
  otp: otpField.describe('The code sent by SMS (a sign-in sends the same code by e-mail)'),
  emailOtp: absentWhenEmpty(otpField).describe(
    'A registration only: the second code, the one sent by e-mail',
  ),
  requestId: requestIdField,
});

export const resendOtpBody = z.object({ ...contacts, requestId: requestIdField });

export const loginBody = z.object({
  contact: z
    .string({ error: 'Enter your e-mail address or mobile number.' })
    .trim()
    .min(1, 'Enter your e-mail address or mobile number.')
    .max(254, 'Enter your e-mail address or mobile number.'),
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH * 8, 'Enter your password.'),
});

export const signInBody = z.object(contacts);

export const forgotPasswordBody = z.object(contacts);

export const resetPasswordBody = z.object({
  ...contacts,
  otp: otpField,
  newPassword: newPasswordField,
  requestId: requestIdField,
});

/** The new e-mail or mobile of a change (one of them), and the code sent to it. */
const oneContact = (body: { email?: string; mobile?: string }, ctx: z.RefinementCtx) => {
  if (!body.email === !body.mobile) {
    ctx.addIssue({
      code: 'custom',
      message: 'Enter either a new e-mail address or a new mobile number.',
    });
  }
};

/** POST /user/contact-change: sends a code to the new contact. */
export const contactChangeBody = z.object(contacts).superRefine(oneContact);

/** POST /user/contact-change/verify: the code sent to the new contact. */
export const contactChangeVerifyBody = z
  .object({ ...contacts, otp: otpField, requestId: requestIdField })
  .superRefine(oneContact);

export const otpIssuedSchema = z.object({
  requestId: z.string(),
  channels: z.object({ email: z.boolean(), sms: z.boolean() }),
  otpExpiry: z.string(),
  maxAttempts: z.number().int(),
  /** Seconds before a new code may be asked for (OTP_RESEND_COOLDOWN_SECONDS). */
  resendAfter: z.number().int().min(0).optional(),
});

export const refreshedSchema = z.object({ accessTokenExpiresAt: z.string() });

/** Refresh and logout take no body; an empty JSON object is accepted too. */
export const noBody = z.object({}).loose();

/** The data of an answer that has none (logout). */
export const nothing = z.null();
