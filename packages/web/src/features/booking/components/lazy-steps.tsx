import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader.tsx';
import type { Step } from '../wizard/state.ts';

/**
 * The wizard's parts that step 1 does not show, each a chunk of its own (decision 023): a first
 * visit to /booking downloads step 1 only. A chunk is fetched when the user shows the intent to
 * go there (`prefetchStep` on the "Next" button's hover, focus or touch) or, at the latest,
 * when the part renders; `StepSuspense` shows a loader of the same height meanwhile.
 */
const chunks = {
  blocked: () => import('./BlockedSeatsStep.tsx'),
  blockPanel: () => import('./BlockSeatsPanel.tsx'),
  banner: () => import('./FailedBookingsBanner.tsx'),
  step2: () => import('./Step2Flights.tsx'),
  step3: () => import('./Step3Passengers.tsx'),
  step4: () => import('./Step4Purchase.tsx'),
  staffPayment: () => import('./StaffPaymentArea.tsx'),
  tables: () => import('./SummaryTable.tsx').then(async (m) => ({ ...m, ...(await import('./CostTable.tsx')) })),
  special: () => import('./SpecialStates.tsx'),
  purchaseRules: () => import('../wizard/validate-purchase.ts'),
};

/** Step 4's rules, run on purchase; already fetched with step 4 (NEEDS), so this resolves at once. */
export const loadPurchaseRules = chunks.purchaseRules;

/** A lazy component from one export of a chunk. */
function part<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

export const BlockedSeatsStep = part(() => chunks.blocked().then((m) => m.BlockedSeatsStep));
export const BlockSeatsPanel = part(() => chunks.blockPanel().then((m) => m.BlockSeatsPanel));
export const BlockConfirmedPanel = part(() => chunks.blockPanel().then((m) => m.BlockConfirmedPanel));
export const FailedBookingsBanner = part(() => chunks.banner().then((m) => m.FailedBookingsBanner));
export const Step2Flights = part(() => chunks.step2().then((m) => m.Step2Flights));
export const Step3Passengers = part(() => chunks.step3().then((m) => m.Step3Passengers));
export const Step4Purchase = part(() => chunks.step4().then((m) => m.Step4Purchase));
export const StaffPaymentArea = part(() => chunks.staffPayment().then((m) => m.StaffPaymentArea));
export const SummaryTable = part(() => chunks.tables().then((m) => m.SummaryTable));
export const CostTable = part(() => chunks.tables().then((m) => m.CostTable));
export const SpecialStateView = part(() => chunks.special().then((m) => m.SpecialStateView));

/** What each step needs beyond step 1 (the store answer's screens come with the last step). */
const NEEDS: Record<Step, (keyof typeof chunks)[]> = {
  0: ['blocked'],
  1: [],
  2: ['step2'],
  3: ['step3', 'tables'],
  4: ['step4', 'tables', 'special', 'purchaseRules'],
};

/** Starts downloading a step's chunks (a module import runs once; later calls reuse it). */
export function prefetchStep(step: Step, staff = false): void {
  const names = staff && step === 4 ? [...NEEDS[4], 'staffPayment' as const] : NEEDS[step];
  for (const name of names) void chunks[name]().catch(() => undefined);
}

/** A lazy part's place while its chunk arrives: a named, polite loader as tall as a step. */
export function StepSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}
