/** The account feature as other features see it: the rules of an account's fields. */
export {
  checkCorporateFields,
  contactSchema,
  emailSchema,
  mobileSchema,
  nameSchema,
  newPasswordSchema,
  splitContact,
  VALIDATION_MESSAGES,
} from './account-fields';
export { AddressFields, addressSchema } from './address-fields';
