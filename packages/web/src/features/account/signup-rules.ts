/**
 * What the sign-up form checks on submit, in a chunk of its own that the form fetches when it is
 * first focused (decision 023): the domain's zod schema the server runs too, and the message
 * table its issues are translated with.
 */
export { ZSignup } from '@heliline/domain/accounts/schemas';
export { t as translate } from '@heliline/domain/i18n/messages';
