import type { Lang } from '@heliline/domain/i18n/lang';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useLang } from '../i18n/use-lang.ts';

/** The part of a zod schema we use: the shared domain schemas validate forms client-side too. */
interface SafeParser {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Issues of a domain schema as form errors: field path -> MessageKey (translated when shown). */
export function schemaErrors(schema: SafeParser, data: unknown): Record<string, string> {
  const result = schema.safeParse(data);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The domain's `t`: a MessageKey's text, anything else (a server's translated error) as it is. */
export type Translate = (key: string, lang: Lang) => string;

/**
 * getInputProps with the error translated into the UI language. Client-side errors are
 * MessageKeys from the domain schemas; server errors arrive already translated and pass through.
 * The translator is passed in, so a screen that loads its rules on demand (sign-up) loads the
 * message table with them; before that its errors can only be the server's (undefined: as is).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
export function useInputProps(form: Pick<UseFormReturnType<any>, 'getInputProps'>, translate: Translate | undefined) {
  const [lang] = useLang();
  return (path: string, options?: { type?: 'input' | 'checkbox' }) => {
    const props = form.getInputProps(path, options);
    const error = props.error as ReactNode;
    return { ...props, error: typeof error === 'string' && translate ? translate(error, lang) : error };
  };
}
