import { isValidEmail } from '@heliline/domain/booking/email';
import type { Issue } from '@heliline/domain/booking/issues';
import type { WizardForm } from './state.ts';

/**
 * Where a refused rule points on screen: the keys of the fields it flags (as the steps' `invalid`
 * sets use them: `originId`, `contacts.email`, `invoice.pec`, a passenger's `${_uuid}.lastname`,
 * a counter's `men`…), the first being where the error summary's link moves focus. The domain
 * names a passenger field (`paxes.2.birthDate`) or only `paxes` with 1-based positions; for the
 * latter the flagged field follows the rule's key.
 */
export interface IssueForm {
  paxes: WizardForm['paxes'];
  contacts: { email: string };
}

const PAX_FIELD_OF_KEY: Partial<Record<Issue['key'], string>> = {
  paxIncomplete: 'lastname',
  birthDatesInvalid: 'birthDate',
  documentRequired: 'document_type',
  paxTwiceOnFlight: 'lastname',
  paxEmailsInvalid: 'email',
  tooLong: 'lastname',
  noAdultsForUnattendedMinor: 'birthDate',
  adultOnFlightDateRequired: 'birthDate',
};

const blank = (v: string | null | undefined) => !v || !v.trim();

/** Passengers a `paxes`-wide rule is about: its listed positions, else the first one it applies to. */
function paxFieldsOf(issue: Issue, form: IssueForm): string[] {
  const positions = String(issue.params?.positions ?? '')
    .split(',')
    .map((s) => Number(s.trim()) - 1)
    .filter((i) => Number.isInteger(i) && i >= 0);
  const field = PAX_FIELD_OF_KEY[issue.key] ?? 'lastname';
  const listed = positions.flatMap((i) => form.paxes[i] ?? []);
  // Every empty field of an incomplete passenger is flagged, not only the first of them.
  if (issue.key === 'paxIncomplete' && listed.length) {
    const missing = listed.flatMap((p) =>
      [blank(p.lastname) && 'lastname', blank(p.firstname) && 'firstname', p.gender !== 'M' && p.gender !== 'F' && 'gender'].flatMap((f) =>
        f ? [`${p._uuid}.${f}`] : [],
      ),
    );
    if (missing.length) return missing;
  }
  if (listed.length) return listed.map((p) => `${p._uuid}.${field}`);
  // The pet has no fields these rules are about.
  const people = form.paxes.filter((p) => p.category !== 'an');
  if (issue.key === 'documentRequired') {
    const missing = people.flatMap((p) =>
      [!Number(p.document_type) && 'document_type', blank(p.document_num) && 'document_num'].flatMap((f) => (f ? [`${p._uuid}.${f}`] : [])),
    );
    if (missing.length) return missing;
  }
  if (issue.key === 'paxEmailsInvalid') {
    const p = people.find((x) => !blank(x.email) && !isValidEmail(x.email));
    if (p) return [`${p._uuid}.email`];
  }
  const first = people[0];
  return first ? [`${first._uuid}.${field}`] : [];
}

export function issueFields(issue: Issue, form: IssueForm): string[] {
  const path = issue.path;
  if (!path) {
    if (issue.key === 'originDestinationMissing' || issue.key === 'originDestinationIdentical') return ['originId'];
    if (issue.key === 'atLeastOnePax') return ['men'];
    return [];
  }
  const one = /^paxes\.(\d+)\.(.+)$/.exec(path);
  if (one) {
    const pax = form.paxes[Number(one[1])];
    return pax ? [`${pax._uuid}.${one[2]}`] : [];
  }
  if (path === 'paxes') return paxFieldsOf(issue, form);
  // An invoice group (address, city, ZIP…) refused with one message: every empty field of it.
  if (path.startsWith('invoice.') && issue.params?.missing)
    return String(issue.params.missing)
      .split(',')
      .map((f) => `invoice.${f}`);
  if (path === 'contacts') return [blank(form.contacts.email) ? 'contacts.email' : 'contacts.telephone'];
  return [path];
}

/** The DOM id of a field key: a valid, stable id (uuids and dots become dashes). */
export function fieldId(key: string): string {
  return `wz-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
