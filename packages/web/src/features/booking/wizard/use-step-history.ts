import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Step } from './state.ts';

const PARAM = 'step';

const stepOf = (value: string | null, start: Step): Step => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= start && n <= 4 ? (n as Step) : start;
};

/**
 * The wizard's steps as history entries (`/booking?step=3`): each move the wizard makes pushes
 * one, so the browser's Back (a phone's back gesture) goes to the previous step instead of
 * leaving the booking with everything typed, and Forward comes back. A step the history asks
 * for is handed to `onHistoryStep`, which moves as a step-bar click would (back always,
 * forward validated) and returns the step the wizard will be on; where it lands is then written
 * over the entry, not pushed.
 */
export function useStepHistory(step: Step, start: Step, onHistoryStep: (target: Step) => Step): void {
  const [params, setParams] = useSearchParams();
  const urlStep = stepOf(params.get(PARAM), start);
  const seen = useRef({ step, urlStep, answering: false });
  const answerHistory = useEffectEvent(onHistoryStep);

  useEffect(() => {
    const last = seen.current;
    const wizardMoved = step !== last.step;
    const historyMoved = urlStep !== last.urlStep;
    seen.current = { step, urlStep, answering: false };
    if (step === urlStep) return;
    const record = (at: Step, replace: boolean) => {
      const next = new URLSearchParams(params);
      if (at === start) next.delete(PARAM);
      else next.set(PARAM, String(at));
      setParams(next, { replace, preventScrollReset: true });
    };
    if (historyMoved && !wizardMoved) {
      // Forward past the furthest step reached does nothing: the entry says where the wizard stays.
      if (answerHistory(urlStep) === step) record(step, true);
      else seen.current.answering = true;
      return;
    }
    // The wizard moved (or the page opened on an entry it does not hold): record where it is.
    record(step, !wizardMoved || last.answering);
  }, [step, urlStep, start, params, setParams]);
}
