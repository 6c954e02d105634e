import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/**
 * A polite live region (aria-live="polite") and the hook that speaks through it: screen readers
 * read each announcement once, when the user is idle, without moving focus. Used by the receipt's
 * payment countdown; staff screens (e.g. notices that another user took or removed a booking)
 * mount their own provider and call `useAnnounce()`.
 */
type Announce = (text: string) => void;

const AnnounceContext = createContext<Announce | null>(null);

export function LiveAnnouncer({ children, testId = 'live-announcer' }: { children: ReactNode; testId?: string }) {
  const [said, setSaid] = useState({ text: '', n: 0 });
  // The same text twice must still be read: a trailing no-break space toggles, so the region changes.
  const announce = useCallback<Announce>((text) => setSaid((s) => ({ text, n: s.n + 1 })), []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnounceContext.Provider value={value}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
        {said.text ? `${said.text}${said.n % 2 ? '' : '\u00A0'}` : ''}
      </div>
    </AnnounceContext.Provider>
  );
}

/** Announces through the nearest LiveAnnouncer (a no-op outside one, e.g. in a unit render). */
export function useAnnounce(): Announce {
  return useContext(AnnounceContext) ?? noop;
}

function noop() {}
