import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './draft-storage.ts';
import { emptyInvoice } from './invoice.ts';
import { initialState } from './state.ts';

/** A tab's sessionStorage, as the browser gives it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

describe('the wizard draft of a tab', () => {
  const g = globalThis as { window?: unknown };
  beforeEach(() => {
    g.window = { sessionStorage: new MemoryStorage() };
  });
  afterEach(() => {
    delete g.window;
  });
  const draft = () => ({ state: { ...initialState(null), step: 3 as const, reached: 3 as const }, invoice: { ...emptyInvoice(), requested: true } });

  it('comes back for the same account within the hour, as saved', () => {
    saveDraft(7, draft(), 1_000);
    expect(loadDraft(7, 1_000 + 59 * 60_000)).toEqual(draft());
  });

  it("is dropped when it is another account's, older than an hour, cleared, or not ours", () => {
    saveDraft(7, draft(), 1_000);
    expect(loadDraft(8, 2_000)).toBeNull();
    // Dropped, not only hidden: the account it belonged to does not get it back either.
    expect(loadDraft(7, 2_000)).toBeNull();
    saveDraft(7, draft(), 1_000);
    expect(loadDraft(7, 1_000 + 60 * 60_000)).toBeNull();
    saveDraft(7, draft(), 1_000);
    clearDraft();
    expect(loadDraft(7, 2_000)).toBeNull();
    (g.window as { sessionStorage: MemoryStorage }).sessionStorage.setItem('heliline.booking-draft', '{"v":1,"userId":7,"savedAt":1000,"state":{"step":9}}');
    expect(loadDraft(7, 2_000)).toBeNull();
  });

  it('is dropped at midnight in Rome, when its dates may have become past', () => {
    const evening = Date.parse('2026-07-01T21:40:00Z'); // 23:40 in Rome (CEST)
    saveDraft(7, draft(), evening);
    expect(loadDraft(7, Date.parse('2026-07-01T21:59:59Z'))).toEqual(draft());
    expect(loadDraft(7, Date.parse('2026-07-01T22:00:00Z'))).toBeNull();
    // Midnight in UTC is not midnight in Rome.
    saveDraft(7, draft(), Date.parse('2026-01-10T23:30:00Z'));
    expect(loadDraft(7, Date.parse('2026-01-11T00:10:00Z'))).toEqual(draft());
  });

  it('costs nothing where the storage is missing', () => {
    delete g.window;
    saveDraft(7, draft(), 1_000);
    expect(loadDraft(7, 2_000)).toBeNull();
  });
});
