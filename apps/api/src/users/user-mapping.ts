import type { addresses, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

/** A user as the API shows it: never the password hash. */
export interface ApiUser {
  id: string;
  name: string;
  email: string;
  mobile: string;
  accountType: 'Individual' | 'Corporate';
  companyName: string | null;
  gstinNo: string | null;
  getWhatsappUpdate: boolean;
  acceptTermsAndConditions: boolean;
  role: 'customer' | 'support' | 'admin';
}

export interface ApiAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
}

export function toApiUser(user: UserRow): ApiUser {
  const corporate = user.accountType === 'Corporate';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    accountType: user.accountType,
    companyName: corporate ? user.companyName : null,
    gstinNo: corporate ? user.gstinNo : null,
    getWhatsappUpdate: user.getWhatsappUpdate,
    acceptTermsAndConditions: user.acceptTermsAndConditions,
    role: user.role,
  };
}

export function toApiAddress(address: AddressRow | null | undefined): ApiAddress | null {
  if (!address) return null;
  return {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    pinCode: address.pinCode,
  };
}

/** Who an invoice is made out to: the account's name, contacts, company and address. */
export type BillingDetails = Pick<
  ApiUser,
  'name' | 'email' | 'mobile' | 'accountType' | 'companyName' | 'gstinNo'
> & { address: ApiAddress | null };

export function toBillingDetails(user: UserRow, address: AddressRow | null): BillingDetails {
  const { name, email, mobile, accountType, companyName, gstinNo } = toApiUser(user);
  return { name, email, mobile, accountType, companyName, gstinNo, address: toApiAddress(address) };
}
