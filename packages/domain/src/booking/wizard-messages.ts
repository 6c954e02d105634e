import { BOOKING_MESSAGES } from '../i18n/booking-messages.ts';
import type { Lang } from '../i18n/lang.ts';
import { VALIDATION_MESSAGES } from '../i18n/validation-messages.ts';
import { fillMessage, type Issue } from './issue.ts';

/**
 * The texts of every issue the booking wizard's rules can raise (steps 1–4, the staff fields),
 * the same entries as in MESSAGES. The wizard translates with this table and not the whole of
 * MESSAGES (every screen's, the server's and the e-mails' texts, kept off /booking's first load:
 * decision 023). The rules' return types name these keys: a rule raising another does not compile.
 */
export const WIZARD_MESSAGES = { ...BOOKING_MESSAGES, ...VALIDATION_MESSAGES };

export type WizardMessageKey = keyof typeof WIZARD_MESSAGES;
export type WizardIssue = Issue<WizardMessageKey>;

export function wizardIssueText(i: WizardIssue, lang: Lang): string {
  return fillMessage(WIZARD_MESSAGES[i.key][lang], i.params);
}
