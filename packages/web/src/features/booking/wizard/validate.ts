import { type WizardIssue, wizardIssueText } from '@heliline/domain/booking/wizard-messages';
import { step1Issues } from '@heliline/domain/booking/step1';
import { step2Issues } from '@heliline/domain/booking/step2';
import { petIssues, step3Issues } from '@heliline/domain/booking/step3';
import { parseWireDate } from '@heliline/domain/dates';
import type { Lang } from '@heliline/domain/i18n/messages';
import type { Flight } from '../../../api/flights.ts';
import { returnJourney } from './costs.ts';
import { issueFields, type IssueForm } from './issue-fields.ts';
import { blockReasonIssues } from './staff.ts';
import type { WizardForm } from './state.ts';

/**
 * Each step's rules are the domain's (the server runs the same ones on POST /api/bookings);
 * this file only feeds them the wizard's state and turns their issues into what the screen
 * shows: the exact texts, and the set of fields to outline. Step 4's rules are in
 * validate-purchase.ts, a chunk that comes with step 4.
 */
export interface StepCheck {
  messages: string[];
  /** Field paths with a problem; passenger fields as `${_uuid}.${field}`. */
  fields: Set<string>;
  /** Each flagged field's messages, shown under it and tied to it (aria-describedby). */
  fieldMessages?: ReadonlyMap<string, string>;
  /** The error summary: each message once, with the field its link moves focus to (if any). */
  summary?: readonly { text: string; field: string | null }[];
}

export interface CheckContext {
  lang: Lang;
  user: { gender: 'M' | 'F' | null; roles: readonly string[] };
  today: string;
  now: Date;
  departure?: Flight;
  comeback?: Flight;
}

export function toCheck(issues: readonly WizardIssue[], form: IssueForm, lang: Lang): StepCheck {
  const messages = [...new Set(issues.map((i) => wizardIssueText(i, lang)))];
  const fields = new Set<string>();
  const perField = new Map<string, string[]>();
  const linkOf = new Map<string, string | null>();
  for (const i of issues) {
    const text = wizardIssueText(i, lang);
    const targets = issueFields(i, form);
    for (const f of targets) {
      fields.add(f);
      const list = perField.get(f) ?? [];
      if (!list.includes(text)) perField.set(f, [...list, text]);
    }
    if (!linkOf.get(text)) linkOf.set(text, targets[0] ?? null);
  }
  const fieldMessages = new Map([...perField].map(([f, texts]) => [f, texts.join(' ')]));
  return { messages, fields, fieldMessages, summary: messages.map((text) => ({ text, field: linkOf.get(text) ?? null })) };
}

export function checkStep1(form: WizardForm, ctx: CheckContext): StepCheck {
  const issues = step1Issues(
    {
      flightType: form.flightType,
      originId: form.originId,
      destinationId: form.destinationId,
      departureDate: form.departureDate,
      comebackDate: form.comebackDate,
      counts: form.counts,
      pets: form.pet ? 1 : 0,
      unattendedMinor: form.unattendedMinor,
      minorDisclaimer: form.minorDisclaimer,
    },
    { user: ctx.user, today: ctx.today },
  );
  return toCheck(issues, form, ctx.lang);
}

export function checkStep2(form: WizardForm, ctx: CheckContext): StepCheck {
  const chosen = (f: Flight | undefined, reverse: boolean) => {
    if (!f || form.originId == null || form.destinationId == null) return null;
    const leg = reverse ? returnJourney(form.originId, form.destinationId, '') : { originId: form.originId, destinationId: form.destinationId };
    return { flightId: f.flightId, takeOffDateTime: f.takeOffDateTime, extra: f.extra, originId: leg.originId, destinationId: leg.destinationId };
  };
  const issues = step2Issues(
    { flightType: form.flightType, departure: chosen(ctx.departure, false), comeback: chosen(ctx.comeback, true) },
    { roles: ctx.user.roles, now: ctx.now },
  );
  return toCheck(issues, form, ctx.lang);
}

export function checkStep3(form: WizardForm, ctx: CheckContext): StepCheck {
  // Ages are taken on the departure flight's date (spec §5 step 3).
  const departureDate = parseWireDate(ctx.departure?.takeOffDate ?? '') ?? form.departureDate ?? ctx.today;
  const issues = [
    ...step3Issues({ paxes: form.paxes, contacts: form.contacts, conditions: form.conditions, unattendedMinor: form.unattendedMinor }, { departureDate }),
    ...petIssues(form.paxes),
  ];
  return toCheck(issues, form, ctx.lang);
}

/** Staff step 2, blocking seats (type 4): the flights' rules and the reason (§5). */
export function checkBlock(form: WizardForm, reason: string, ctx: CheckContext): StepCheck {
  const flights = checkStep2(form, ctx);
  if (!blockReasonIssues(reason).length) return flights;
  const own = toCheck(blockReasonIssues(reason), form, ctx.lang);
  return mergeChecks(flights, own);
}

function mergeChecks(a: StepCheck, b: StepCheck): StepCheck {
  return {
    messages: [...a.messages, ...b.messages],
    fields: new Set([...a.fields, ...b.fields]),
    fieldMessages: new Map([...(a.fieldMessages ?? []), ...(b.fieldMessages ?? [])]),
    summary: [...(a.summary ?? []), ...(b.summary ?? [])],
  };
}
