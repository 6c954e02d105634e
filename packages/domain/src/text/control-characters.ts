/**
 * Control characters in text typed by people: none belongs in a single-line field (names,
 * codes, e-mail addresses, passwords), and a multi-line field (a message, a note) may hold
 * only line breaks and tabs. Anything else (NUL, the rest of C0, DEL, C1) is refused with a
 * 422 before a rule or a database sees it (PostgreSQL cannot even store a NUL in text).
 */
type TextKind = 'singleLine' | 'multiline';

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
  return holdsControlCharacter(value) ? locate(value, isMultiline) : null;
}

// Both walks keep a stack of their own: a value nested any depth cannot overflow the call stack.
function locate(root: unknown, isMultiline: (path: string) => boolean): string | null {
  // Each entry: a value, its path, and whether its key (the path's last part) is to be checked.
  const stack: [unknown, string, string | null][] = [[root, '', null]];
  while (stack.length) {
    const [value, path, key] = stack.pop()!;
    if (key !== null && forbiddenControlCharacter(key) >= 0) return path;
    if (typeof value === 'string') {
      if (forbiddenControlCharacter(value, isMultiline(path) ? 'multiline' : 'singleLine') >= 0) return path || '_';
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    // Pushed last to first, so the first key is looked at first (and its whole value before the next key).
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [itemKey, item] = entries[i]!;
      stack.push([item, path ? `${path}.${itemKey}` : itemKey, itemKey]);
    }
  }
  return null;
}

/** Whether any text or key holds a control character, line breaks and tabs included. */
function holdsControlCharacter(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (forbiddenControlCharacter(value) >= 0) return true;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (forbiddenControlCharacter(key) >= 0) return true;
      stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}
