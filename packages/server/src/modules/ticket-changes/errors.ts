import { type Issue, issuesByPath, type Lang, localizedWith } from '@heliline/domain';
import { AppError } from '../../http/errors.ts';

/**
 * A change refused by a rule: 422 (invalid request) or 409 (a ticket or flight no longer
 * changeable, seats gone). The body is the spec's error answer: status 'error' with the
 * messages in both languages, plus every rule by field path.
 */
class ChangeRefused extends AppError {
  constructor(
    code: 'validation' | 'conflict',
    readonly issues: Issue[],
  ) {
    super(code, issues[0]?.key ?? 'invalidInput');
  }

  override body(lang: Lang) {
    const first = this.issues[0]!;
    const messages = localizedWith(first.key, first.params);
    return { status: 'error', message: messages[lang], messages, message_it: messages.it, message_en: messages.en, errors: issuesByPath(this.issues, lang) };
  }
}

export const refused = (issues: Issue[]) => new ChangeRefused('validation', issues);
export const conflict = (issues: Issue[]) => new ChangeRefused('conflict', issues);
