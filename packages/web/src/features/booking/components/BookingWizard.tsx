import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import type { TUser } from '@heliline/domain';
import { canRemoveOwnPax, canUseStaffBookingOptions } from '@heliline/domain/booking/step1';
import { can } from '@heliline/domain/roles';
import { Button, Group } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client.ts';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { toast } from './toast.tsx';
import { isSessionExpired } from '../api/session-expired.ts';
import { storeBooking } from '../api/store-booking.ts';
import { costsOf, type Journey, returnJourney } from '../wizard/costs.ts';
import { parseTypedDate, todayIso } from '../wizard/dates.ts';
import { emptyInvoice, type InvoiceDraft } from '../wizard/invoice.ts';
import { stepBarMove } from '../wizard/navigation.ts';
import { ownPassenger } from '../wizard/own.ts';
import { bookingBody } from '../wizard/payload.ts';
import { type CountKey, initialState, type Step, wizardReducer } from '../wizard/state.ts';
import { type CheckContext, checkStep1, checkStep2, checkStep3, checkStep4, type StepCheck } from '../wizard/validate.ts';
import { CostTable } from './CostTable.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { type SpecialState, SpecialStateView } from './SpecialStates.tsx';
import { StepBar } from './StepBar.tsx';
import { Step1Route } from './Step1Route.tsx';
import { Step2Flights } from './Step2Flights.tsx';
import { Step3Passengers } from './Step3Passengers.tsx';
import { Step4Purchase } from './Step4Purchase.tsx';
import { SummaryTable } from './SummaryTable.tsx';

const NO_CHECK: StepCheck = { messages: [], fields: new Set() };
const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

/** The buyer's wizard, steps 1–4 and the special states (spec §2, §4). */
export function BookingWizard({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const own = useMemo(() => ownPassenger(user), [user]);
  const [state, dispatch] = useReducer(wizardReducer, own, initialState);
  const [invoice, setInvoice] = useState<InvoiceDraft>(emptyInvoice);
  const [check, setCheck] = useState<StepCheck>(NO_CHECK);
  const [special, setSpecial] = useState<SpecialState | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Where focus goes after a move or a refusal: the step's heading, or the error summary (n: each request anew).
  const [focusRequest, setFocusRequest] = useState<{ to: 'heading' | 'summary'; n: number } | null>(null);
  const requestFocus = (to: 'heading' | 'summary') => setFocusRequest((r) => ({ to, n: (r?.n ?? 0) + 1 }));
  const { form, step, chosen } = state;
  const staff = can(user.roles, 'booking.staffPaymentArea');

  const ctx = (): CheckContext => ({
    lang,
    user: { gender: own?.gender ?? null, roles: user.roles },
    today: todayIso(),
    now: new Date(),
    departure: chosen.departure,
    comeback: chosen.comeback,
  });

  // Prices of steps 3–4, from the flights chosen (dates of the flights, not of the search).
  const journeys = useMemo<Journey[]>(() => {
    if (form.originId == null || form.destinationId == null) return [];
    const date = (d: string | undefined) => (d ? parseTypedDate(d) : null);
    const out: Journey[] = [];
    const dd = date(chosen.departure?.takeOffDate);
    if (dd) out.push({ direction: 'd', originId: form.originId, destinationId: form.destinationId, date: dd });
    const cd = date(chosen.comeback?.takeOffDate);
    if (form.flightType === 'DW' && cd) out.push(returnJourney(form.originId, form.destinationId, cd));
    return out;
  }, [form.originId, form.destinationId, form.flightType, chosen]);
  const { costs, totals } = useMemo(() => costsOf(form.paxes, journeys, form.coupon.perc), [form.paxes, journeys, form.coupon.perc]);

  const go = (next: Step, problems: StepCheck = NO_CHECK) => {
    setCheck(problems);
    toast.clearWarning();
    if (problems.messages.length) toast.warning(problems.messages);
    dispatch({ type: 'goto', step: next });
    requestFocus(problems.messages.length ? 'summary' : 'heading');
    topRef.current?.scrollIntoView({ block: 'start' });
  };

  const validators: Record<Step, () => StepCheck> = {
    1: () => checkStep1(form, ctx()),
    2: () => checkStep2(form, ctx()),
    3: () => checkStep3(form, ctx()),
    4: () => checkStep4(invoice, ctx()),
  };

  /** Forward needs the current step to validate (§4); its messages show as warnings (§8). */
  const validated = (): boolean => {
    const result = validators[step]();
    setCheck(result);
    if (result.messages.length) {
      toast.warning(result.messages);
      requestFocus('summary');
      return false;
    }
    return true;
  };

  /** A forward jump validates every step on the way and stops, with its messages, at the first that fails (§4). */
  const onStep = (target: Step) => {
    const move = stepBarMove(state, target, (s) => validators[s]());
    if (move) go(move.to, move.failed ?? NO_CHECK);
  };

  const minimum = (key: CountKey) => {
    // A basic user's own passenger cannot be removed (§5); Prenotazioni/PrenotaFull may.
    if (!own || canRemoveOwnPax(user.roles)) return 0;
    return (own.gender === 'M' && key === 'men') || (own.gender === 'F' && key === 'women') ? 1 : 0;
  };

  const checkout = useMutation({
    mutationFn: () => storeBooking(bookingBody(form, totals, invoice, { staffDiscounts: can(user.roles, 'booking.discounts') })),
    onSuccess: (answer) => {
      if (answer.status === 'error') {
        setSpecial({
          kind: 41,
          message:
            messageOf({ message: answer.message, messages: answer.messages ?? { it: answer.message_it ?? '', en: answer.message_en ?? '' } }, lang) ??
            t('errors.generic'),
        });
        return;
      }
      if (answer.bank_link) {
        // State 40 shows the manual link in case the browser does not follow.
        setSpecial({ kind: 40, bankLink: answer.bank_link });
        window.location.assign(answer.bank_link);
        return;
      }
      setSpecial({ kind: 41, message: t('errors.generic') });
    },
    onError: (error) => {
      if (isSessionExpired(error)) return setSpecial({ kind: 401 });
      // The browser's checks passed, so a refusal (409 seats gone, 422 e.g. the cut-off passed
      // meanwhile) is the server's word: state 41 with its message in the UI language (§8).
      setSpecial({ kind: 41, message: errorText(error, t, lang) });
    },
  });

  // Keyboard and screen-reader users land on the new step's (hidden) heading, not on a stale
  // button; after a refusal, on the error summary (GOV.UK pattern). Not on the first render.
  useEffect(() => {
    if (!focusRequest) return;
    (focusRequest.to === 'summary' ? summaryRef : headingRef).current?.focus();
  }, [focusRequest]);

  const onExpired = useCallback(() => setSpecial({ kind: 401 }), []);

  const onCheckout = () => {
    if (validated()) checkout.mutate();
  };

  if (special) {
    return (
      <div ref={topRef}>
        {special.kind !== 401 && <StepBar step={step} reached={state.reached} onStep={() => undefined} />}
        <SpecialStateView
          state={special}
          onRetry={() => {
            setSpecial(null);
            checkout.reset();
          }}
        />
      </div>
    );
  }

  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
      <div ref={topRef} style={{ scrollMarginTop: 80 }}>
        <StepBar step={step} reached={state.reached} onStep={onStep} />
        <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
          {t('wizard.steps.current', { n: step, label: t(`wizard.steps.s${step}`) })}
        </h2>
        <ErrorSummary ref={summaryRef} items={check.summary ?? check.messages.map((text) => ({ text, field: null }))} />
        {step === 1 && (
          <Step1Route
            form={form}
            dispatch={dispatch}
            errors={check.fieldMessages ?? NO_MESSAGES}
            staffOptions={canUseStaffBookingOptions(user.roles)}
            minimum={minimum}
            onCount={(key, value) => dispatch({ type: 'count', key, value, own })}
          />
        )}
        {step === 2 && <Step2Flights form={form} dispatch={dispatch} staff={staff} onExpired={onExpired} errors={check.fieldMessages ?? NO_MESSAGES} />}
        {step === 3 && (
          <Step3Passengers
            form={form}
            dispatch={dispatch}
            account={{ email: user.email, telephone: user.pax?.telephone ?? user.telephone ?? '' }}
            errors={check.fieldMessages ?? NO_MESSAGES}
          />
        )}
        {step >= 3 && (
          <>
            <SummaryTable departure={chosen.departure} comeback={form.flightType === 'DW' ? chosen.comeback : undefined} paxCount={form.paxes.length} />
            <CostTable costs={costs} totals={totals} discountPercent={form.coupon.perc} />
          </>
        )}
        {step === 4 && (
          <Step4Purchase
            coupon={form.coupon}
            onCoupon={(code, perc) => dispatch({ type: 'coupon', code, perc })}
            couponFailures={state.couponFailures}
            onCouponFailed={(att) => dispatch({ type: 'couponFailed', att })}
            ticketsCents={totals.tickets}
            grandTotalCents={totals.grandTotal}
            invoice={invoice}
            onInvoice={(patch) => setInvoice((v) => ({ ...v, ...patch }))}
            invalidInvoice={check.fieldMessages ?? NO_MESSAGES}
            onCheckout={onCheckout}
            paying={checkout.isPending}
          />
        )}
        <Group justify="space-between" mt="xl">
          {step > 1 ? (
            <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={() => go((step - 1) as Step)}>
              {t('wizard.back')}
            </Button>
          ) : (
            <span />
          )}
          {step < 4 && (
            <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={() => validated() && go((step + 1) as Step)}>
              {t('wizard.next')}
            </Button>
          )}
        </Group>
      </div>
    </DatesProvider>
  );
}
