export type OtpPurpose = 'registration' | 'login' | 'password_reset' | 'contact_change';

export interface OtpChannels {
  email: boolean;
  sms: boolean;
}

/**
 * What an OTP call answers: the spec's `requestId, channels{email,sms}, otpExpiry, maxAttempts`,
 * and the seconds before another code may be asked for (OTP_RESEND_COOLDOWN_SECONDS, decision 0100).
 */
export interface OtpIssued {
  requestId: string;
  channels: OtpChannels;
  otpExpiry: string;
  maxAttempts: number;
  resendAfter: number;
}

/** A registration waiting for its code: the password is already hashed. */
interface PendingRegistration {
  name: string;
  email: string;
  mobile: string;
  passwordHash: string;
  accountType: 'Individual' | 'Corporate';
  companyName: string | null;
  gstinNo: string | null;
  getWhatsappUpdate: boolean;
  acceptTermsAndConditions: boolean;
}

/** Kept in otp_requests.payload. */
export interface OtpPayload {
  /** Where the code goes. */
  deliverTo: { email: string | null; sms: string | null };
  /**
   * A request for an unknown account: it answers like a real one, counts against the same
   * limits, sends nothing, and no code ever verifies it.
   */
  decoy?: boolean;
  /** The channels a decoy claims, so its answer looks like a real one. */
  claimedChannels?: OtpChannels;
  userId?: string;
  registration?: PendingRegistration;
  /** A signed-in account's new e-mail or mobile, set when the code sent to it is verified. */
  contactChange?: { email: string } | { mobile: string };
}
