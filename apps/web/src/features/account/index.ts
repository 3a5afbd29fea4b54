/** The account feature as other features see it: the rules of an account's fields. */
export {
  companyNameProblem,
  contactSchema,
  emailSchema,
  gstinProblem,
  mobileSchema,
  nameSchema,
  newPasswordSchema,
  splitContact,
  VALIDATION_MESSAGES,
} from './account-fields';
