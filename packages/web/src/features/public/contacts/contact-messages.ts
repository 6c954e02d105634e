import { PUBLIC_SITE_MESSAGES } from '@heliline/domain/i18n/public-site-messages';
import { VALIDATION_MESSAGES } from '@heliline/domain/i18n/validation-messages';

/**
 * The domain's texts the contact form shows, taken from their own modules: the whole message
 * table (every screen's texts) would be part of the contacts page's first load.
 */
export const CONTACT_MESSAGES = {
  allFieldsMandatory: PUBLIC_SITE_MESSAGES.allFieldsMandatory,
  captchaErrorWeb: PUBLIC_SITE_MESSAGES.captchaErrorWeb,
  contactSent: PUBLIC_SITE_MESSAGES.contactSent,
  emailInvalid: VALIDATION_MESSAGES.emailInvalid,
  required: VALIDATION_MESSAGES.required,
};
