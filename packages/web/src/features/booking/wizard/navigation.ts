import type { Step } from './state.ts';
import type { StepCheck } from './validate.ts';

/** The steps a move can pass through: step 4 is the last, its rules run on purchase only. */
export type PassableStep = Exclude<Step, 4>;

/** A step's rules run on the wizard's current state (validate.ts's checkStep1 … checkStep3). */
export type ValidateStep = (step: PassableStep) => StepCheck;

/** Where a move ends: the target, or the first step on the way whose rules fail (with their problems). */
export interface StepMove {
  to: Step;
  failed: StepCheck | null;
}

/**
 * A step-bar click (spec §4): backward always; forward only up to the highest step reached, and
 * only when every step from the current one to the one before the target validates. A failing
 * step in between stops the move there, so a change on step 2 cannot skip step 3's rules.
 * Null when the click does nothing (the current step, or beyond the furthest reached).
 */
export function stepBarMove(from: { step: Step; reached: Step }, target: Step, validate: ValidateStep): StepMove | null {
  if (target === from.step || target > from.reached) return null;
  if (target < from.step) return { to: target, failed: null };
  for (let s = from.step; s < target; s = (s + 1) as Step) {
    // s < target <= 4: a step a move passes through.
    const check = validate(s as PassableStep);
    if (check.messages.length) return { to: s, failed: check };
  }
  return { to: target, failed: null };
}
