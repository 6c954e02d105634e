import { romeDateOf } from '@heliline/domain/dates';
import type { InvoiceDraft } from './invoice.ts';
import type { Step, WizardState } from './state.ts';

/**
 * The wizard's draft in the tab's sessionStorage, so a reload (or a phone dropping the page
 * from memory) brings the buyer back to the step and data they had, not to an empty step 1.
 * One draft per tab and account; it expires after an hour (flights and seats will have moved
 * on) and at midnight in Rome (its dates may be past, and step 2 could only say the search
 * failed), and is dropped once a booking is sent. The server checks everything again anyway.
 */
const KEY = 'heliline.booking-draft';
const VERSION = 1;
const MAX_AGE_MS = 60 * 60 * 1000;

export interface WizardDraft {
  state: WizardState;
  invoice: InvoiceDraft;
}

interface Stored extends WizardDraft {
  v: number;
  userId: number;
  savedAt: number;
}

/** sessionStorage, or null where it is missing or refused (private modes, storage full). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(userId: number, draft: WizardDraft, now = Date.now()): void {
  const stored: Stored = { v: VERSION, userId, savedAt: now, ...draft };
  try {
    storage()?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // A full or refused storage only costs the reload convenience.
  }
}

const isStep = (s: unknown): s is Step => s === 1 || s === 2 || s === 3 || s === 4;

/** This account's draft if it is recent and of this version; anything else is dropped. */
export function loadDraft(userId: number, now = Date.now()): WizardDraft | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    const fresh =
      typeof stored.savedAt === 'number' &&
      now - stored.savedAt >= 0 &&
      now - stored.savedAt < MAX_AGE_MS &&
      romeDateOf(new Date(stored.savedAt)) === romeDateOf(new Date(now));
    if (stored.v === VERSION && stored.userId === userId && fresh && stored.state && stored.invoice && isStep(stored.state.step) && isStep(stored.state.reached)) {
      return { state: stored.state, invoice: stored.invoice };
    }
  } catch {
    // Not ours or damaged: start afresh.
  }
  clearDraft();
  return null;
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
