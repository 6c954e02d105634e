/**
 * Control characters in text typed by people: none belongs in a single-line field (names,
 * codes, e-mail addresses, passwords), and a multi-line field (a message, a note) may hold
 * only line breaks and tabs. Anything else (NUL, the rest of C0, DEL, C1) is refused with a
 * 422 before a rule or a database sees it (PostgreSQL cannot even store a NUL in text).
 */
export type TextKind = 'singleLine' | 'multiline';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

function forbidden(code: number, kind: TextKind): boolean {
  if (code === TAB || code === LF || code === CR) return kind === 'singleLine';
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** Index of the first character the field may not hold, or -1. */
export function forbiddenControlCharacter(text: string, kind: TextKind = 'singleLine'): number {
  for (let i = 0; i < text.length; i++) {
    if (forbidden(text.charCodeAt(i), kind)) return i;
  }
  return -1;
}

/**
 * The path ('form.passengers.0.name') of the first text in a parsed request part (JSON body,
 * query, params) that holds a forbidden control character, keys included; null when clean.
 * `isMultiline(path)` names the fields that may keep line breaks and tabs.
 */
export function findControlCharacter(value: unknown, isMultiline: (path: string) => boolean = () => false): string | null {
  // Nearly every request is clean: one pass without building any path tells so (every request
  // with a body runs this before its rules); the paths are worked out only when it is not.
  return holdsControlCharacter(value) ? locate(value, isMultiline, '') : null;
}

function locate(value: unknown, isMultiline: (path: string) => boolean, path: string): string | null {
  if (typeof value === 'string') {
    return forbiddenControlCharacter(value, isMultiline(path) ? 'multiline' : 'singleLine') >= 0 ? path || '_' : null;
  }
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (forbiddenControlCharacter(key) >= 0) return itemPath;
    const found = locate(item, isMultiline, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/** Whether any text or key holds a control character, line breaks and tabs included. */
function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return forbiddenControlCharacter(value) >= 0;
  if (!value || typeof value !== 'object') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (forbiddenControlCharacter(key) >= 0 || holdsControlCharacter((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
