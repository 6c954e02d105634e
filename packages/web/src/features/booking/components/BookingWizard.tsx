import type { TUser } from '@heliline/domain';
import { voucherSpend } from '@heliline/domain/booking/coupon';
import { canRemoveOwnPax, canUseStaffBookingOptions } from '@heliline/domain/booking/step1';
import { can } from '@heliline/domain/roles';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { toast } from './toast.tsx';
import { type BlockedBooking, blockedBookingsQuery } from '../api/blocked-seats.ts';
import { type Flight, flightsQuery } from '../../../api/flights.ts';
import { blockedPick } from '../wizard/blocked.ts';
import { flightQuery } from '../wizard/search.ts';
import { costsOf, type Journey, returnJourney } from '../wizard/costs.ts';
import { parseTypedDate, todayIso } from '../../../lib/dates.ts';
import { emptyInvoice, type InvoiceDraft } from '../wizard/invoice.ts';
import { clearDraft, loadDraft, saveDraft } from '../wizard/draft-storage.ts';
import { stepBarMove } from '../wizard/navigation.ts';
import { useStepHistory } from '../wizard/use-step-history.ts';
import { ownPassenger } from '../wizard/own.ts';
import { bookingBody } from '../wizard/payload.ts';
import { type CountKey, initialState, type Step, wizardReducer } from '../wizard/state.ts';
import { BOOKING_TYPE, type BookingType, type StaffPaymentType } from '@heliline/domain/booking/payment-types';
import { type CheckContext, checkBlock, checkStep1, checkStep2, checkStep3, type StepCheck } from '../wizard/validate.ts';
import type { PassableStep } from '../wizard/navigation.ts';
import { useStoreBooking } from './use-store-booking.ts';
import { staffPaymentsOf } from '../wizard/staff.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import type { SpecialState } from './SpecialStates.tsx';
import {
  BlockConfirmedPanel,
  BlockedSeatsStep,
  BlockSeatsPanel,
  CostTable,
  FailedBookingsBanner,
  loadPurchaseRules,
  prefetchStep,
  SpecialStateView,
  StaffPaymentArea,
  Step2Flights,
  Step3Passengers,
  Step4Purchase,
  StepSuspense,
  SummaryTable,
} from './lazy-steps.tsx';
import { StepBar } from './StepBar.tsx';
import { Step1Route } from './Step1Route.tsx';

const NO_CHECK: StepCheck = { messages: [], fields: new Set() };
const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

/**
 * The wizard, steps 1–4 and the special states (spec §2, §4); for staff also the blocked-seats
 * list (step 0, `start` 0 on /admin/posti-bloccati), seat blocking and the staff payment area.
 */
export function BookingWizard({ user, start = 1 }: { user: TUser; start?: 0 | 1 }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const own = useMemo(() => ownPassenger(user), [user]);
  // The buyer's wizard comes back as it was on a reload or a history step back into it (the
  // address then says ?step=N); a fresh visit to /booking starts anew.
  const [restored] = useState(() => {
    const inTheMiddle = start === 1 && new URLSearchParams(window.location.search).has('step');
    if (inTheMiddle) return loadDraft(user.id);
    clearDraft();
    return null;
  });
  const [state, dispatch] = useReducer(wizardReducer, own, (o) => restored?.state ?? initialState(o, start));
  const queryClient = useQueryClient();
  // Staff: the seat-block panel of step 2, its reason, and the confirmation shown on step 1.
  const [blocking, setBlocking] = useState(false);
  const [blockReason, setBlockReason] = useState('');
  const [blockedCode, setBlockedCode] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<InvoiceDraft>(() => restored?.invoice ?? emptyInvoice(lang));
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
  const discounts = can(user.roles, 'booking.discounts');
  const payments = staffPaymentsOf(user.roles);

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
  const { costs, totals } = useMemo(() => costsOf(form.paxes, journeys, form.coupon.perc, discounts), [form.paxes, journeys, form.coupon.perc, discounts]);
  // A voucher pays the whole total up to its balance (issue 51); the prices stay.
  const voucherPays = form.coupon.voucher ? voucherSpend(totals.grandTotalDiscounted, form.coupon.voucher.balanceCents) : null;

  const go = (next: Step, problems: StepCheck = NO_CHECK) => {
    setCheck(problems);
    toast.clearWarning();
    if (problems.messages.length) toast.warning(problems.messages);
    dispatch({ type: 'goto', step: next });
    requestFocus(problems.messages.length ? 'summary' : 'heading');
    topRef.current?.scrollIntoView({ block: 'start' });
  };

  const validators: Record<PassableStep, () => StepCheck> = {
    0: () => NO_CHECK,
    1: () => checkStep1(form, ctx()),
    2: () => checkStep2(form, ctx()),
    3: () => checkStep3(form, ctx()),
  };

  /** Forward needs the current step to validate (§4); its messages show as warnings (§8). */
  const validated = (run: () => StepCheck): boolean => {
    const result = run();
    setCheck(result);
    if (result.messages.length) {
      toast.warning(result.messages);
      requestFocus('summary');
      return false;
    }
    return true;
  };

  /** A forward jump validates every step on the way and stops, with its messages, at the first that fails (§4). */
  const onStep = (target: Step): Step => {
    const move = stepBarMove(state, target, (s) => validators[s]());
    if (move) go(move.to, move.failed ?? NO_CHECK);
    return move?.to ?? step;
  };
  // The browser's Back and Forward move between steps as the step bar does.
  useStepHistory(step, start, onStep);
  useEffect(() => {
    if (start === 1) saveDraft(user.id, { state, invoice });
  }, [start, user.id, state, invoice]);

  const minimum = (key: CountKey) => {
    // A basic user's own passenger cannot be removed (§5); Prenotazioni/PrenotaFull may.
    if (!own || canRemoveOwnPax(user.roles)) return 0;
    return (own.gender === 'M' && key === 'men') || (own.gender === 'F' && key === 'women') ? 1 : 0;
  };

  const store = useStoreBooking({
    onSpecial: setSpecial,
    onBlocked: (code) => {
      setBlocking(false);
      setBlockReason('');
      setBlockedCode(code);
      void queryClient.invalidateQueries({ queryKey: blockedBookingsQuery.queryKey });
      go(1);
    },
  });
  const send = (type: BookingType) => {
    // Sent: a reload or a Back from the bank's page must not offer the same booking again.
    clearDraft();
    store.mutate(bookingBody(form, totals, invoice, { staffDiscounts: discounts, type, blockReason }));
  };
  // Keyboard and screen-reader users land on the new step's (hidden) heading, not on a stale
  // button; after a refusal, on the error summary (GOV.UK pattern). Not on the first render.
  useEffect(() => {
    if (!focusRequest) return;
    (focusRequest.to === 'summary' ? summaryRef : headingRef).current?.focus();
  }, [focusRequest]);

  const onExpired = useCallback(() => setSpecial({ kind: 401 }), []);

  /** Step 4's rules (their chunk came with step 4), then the booking goes out. */
  const purchase = async (type: Exclude<BookingType, typeof BOOKING_TYPE.block>) => {
    let rules: Awaited<ReturnType<typeof loadPurchaseRules>>;
    try {
      rules = await loadPurchaseRules();
    } catch {
      return toast.warning([t('errors.network')]);
    }
    if (validated(() => (type === BOOKING_TYPE.paymentLink ? rules.checkPaymentLink(form, invoice, ctx()) : rules.checkStep4(invoice, ctx())))) send(type);
  };
  const onCheckout = () => void purchase(BOOKING_TYPE.card);
  const onVoucherPay = () => void purchase(BOOKING_TYPE.voucher);
  const onStaffPay = (type: StaffPaymentType) => void purchase(type);
  const onBlock = () => {
    if (validated(() => checkBlock(form, blockReason, ctx()))) send(BOOKING_TYPE.block);
  };

  /** Step 0: the blocked booking's flights as today's search lists them (for times and codes), then step 3. */
  const onPick = async (row: BlockedBooking) => {
    setPicking(row.CodPrenotazione);
    const pick = blockedPick(row);
    const draft = { ...form, originId: pick.originId, destinationId: pick.destinationId, departureDate: pick.departureDate, comebackDate: pick.comebackDate };
    const search = async (reverse: 0 | 1, id: number | undefined): Promise<Flight | undefined> => {
      const q = flightQuery({ ...draft, flightType: pick.comeback ? 'DW' : 'OW', counts: { men: 0, women: 0, children: 0, infants: 0 } }, reverse);
      if (!q || id === undefined) return undefined;
      const answer = await queryClient.fetchQuery(flightsQuery(q)).catch(() => null);
      return answer?.flights.find((f) => f.flightId === id);
    };
    const [departure, comeback] = await Promise.all([search(0, pick.departure.flightId), search(1, pick.comeback?.flightId)]);
    setPicking(null);
    dispatch({ type: 'pickBlocked', blocked: blockedPick(row, { departure, comeback }), own });
    setCheck(NO_CHECK);
    requestFocus('heading');
  };

  if (special) {
    return (
      <div ref={topRef}>
        {special.kind !== 401 && <StepBar step={step} reached={state.reached} onStep={() => undefined} />}
        <StepSuspense>
          <SpecialStateView
            state={special}
            onRetry={() => {
              setSpecial(null);
              store.reset();
            }}
          />
        </StepSuspense>
      </div>
    );
  }

  const prefetchNext = () => prefetchStep((step + 1) as Step, staff);
  const petAware = (pet: boolean) => dispatch({ type: 'pet', value: pet, own });
  const payingType = store.isPending ? (store.variables?.type as StaffPaymentType) : null;
  return (
    <div ref={topRef} style={{ scrollMarginTop: 80 }}>
      {can(user.roles, 'bookings.failed.manage') && (
        <Suspense fallback={null}>
          <FailedBookingsBanner />
        </Suspense>
      )}
      <StepBar step={step} reached={state.reached} onStep={onStep} />
      <h2 ref={headingRef} tabIndex={-1} className="visually-hidden">
        {step === 0 ? t('wizard.blocked.title') : t('wizard.steps.current', { n: step, label: t(`wizard.steps.s${step}`) })}
      </h2>
      <ErrorSummary ref={summaryRef} items={check.summary ?? check.messages.map((text) => ({ text, field: null }))} />
      <StepSuspense>
        {step === 0 && <BlockedSeatsStep userId={user.id} onPick={(row) => void onPick(row)} picking={picking} />}
        {step === 1 && blockedCode && <BlockConfirmedPanel code={blockedCode} onClose={() => setBlockedCode(null)} />}
        {step === 1 && (
          <Step1Route
            form={form}
            dispatch={dispatch}
            errors={check.fieldMessages ?? NO_MESSAGES}
            staffOptions={canUseStaffBookingOptions(user.roles)}
            minimum={minimum}
            onCount={(key, value) => dispatch({ type: 'count', key, value, own })}
            onPet={petAware}
          />
        )}
        {step === 2 && <Step2Flights form={form} dispatch={dispatch} staff={staff} onExpired={onExpired} errors={check.fieldMessages ?? NO_MESSAGES} />}
        {step === 2 && can(user.roles, 'booking.blockSeats') && (
          <BlockSeatsPanel
            open={blocking}
            onOpen={() => setBlocking(true)}
            onClose={() => {
              setBlocking(false);
              setCheck(NO_CHECK);
            }}
            reason={blockReason}
            onReason={setBlockReason}
            error={check.fieldMessages?.get('blockReason')}
            onConfirm={onBlock}
            saving={store.isPending}
          />
        )}
        {step === 3 && (
          <Step3Passengers
            form={form}
            dispatch={dispatch}
            account={{ email: user.email, telephone: user.pax?.telephone ?? user.telephone ?? '' }}
            errors={check.fieldMessages ?? NO_MESSAGES}
            discounts={discounts}
            canRemoveOwn={canRemoveOwnPax(user.roles)}
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
            onCoupon={(coupon) => dispatch({ type: 'coupon', ...coupon })}
            couponFailures={state.couponFailures}
            onCouponFailed={(att) => dispatch({ type: 'couponFailed', att })}
            ticketsCents={totals.ticketsDiscounted}
            grandTotalCents={totals.grandTotalDiscounted}
            voucherSpend={voucherPays}
            onVoucherPay={onVoucherPay}
            invoice={invoice}
            onInvoice={(patch) => setInvoice((v) => ({ ...v, ...patch }))}
            invalidInvoice={check.fieldMessages ?? NO_MESSAGES}
            onCheckout={onCheckout}
            paying={store.isPending}
            checkout={!staff}
            staffArea={
              payments.shown ? (
                <StaffPaymentArea
                  allowed={payments}
                  email={form.contacts.email_payment_link}
                  onEmail={(email_payment_link) => dispatch({ type: 'contacts', patch: { email_payment_link } })}
                  emailError={check.fieldMessages?.get('contacts.email_payment_link')}
                  onPay={onStaffPay}
                  paying={payingType}
                />
              ) : undefined
            }
          />
        )}
      </StepSuspense>
      <Group justify="space-between" mt="xl">
        {step > start ? (
          <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={() => go((step - 1) as Step)}>
            {t('wizard.back')}
          </Button>
        ) : (
          <span />
        )}
        {step === 0 && (
          <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={() => go(1)}>
            {t('wizard.blocked.newBooking')}
          </Button>
        )}
        {step >= 1 && step < 4 && !(step === 2 && blocking) && (
          <Button
            rightSection={<IconArrowRight size={18} aria-hidden />}
            onClick={() => validated(validators[step as PassableStep]) && go((step + 1) as Step)}
            // The next step's chunk starts downloading on the intent to go there (decision 023).
            onPointerEnter={prefetchNext}
            onFocus={prefetchNext}
            onTouchStart={prefetchNext}
          >
            {t('wizard.next')}
          </Button>
        )}
      </Group>
    </div>
  );
}
