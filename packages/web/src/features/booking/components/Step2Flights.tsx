import { addDays } from '@heliline/domain/schedule/calendar';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpired } from '../api/session-expired.ts';
import { useFlights } from '../../../api/flights.ts';
import { todayIso, wire } from '../../../lib/dates.ts';
import { fieldId } from '../wizard/issue-fields.ts';
import { flightQuery } from '../wizard/search.ts';
import type { WizardAction, WizardForm } from '../wizard/state.ts';
import { FlightTable } from './FlightTable.tsx';

/** Step 2: outbound table and, for round trips, the return table (spec §2 step 2). */
export function Step2Flights({
  form,
  dispatch,
  staff,
  onExpired,
  errors,
}: {
  form: WizardForm;
  dispatch: (a: WizardAction) => void;
  staff: boolean;
  onExpired: () => void;
  /** `departureFlightId` / `comebackFlightId` → the last validation's messages. */
  errors: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const out = useFlights(flightQuery(form, 0));
  const back = useFlights(flightQuery(form, 1));
  const today = todayIso();
  // A 401 means the session ended meanwhile: the wizard shows its session-expired state.
  const expired = isSessionExpired(out.error) || isSessionExpired(back.error);
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  // Changing a date on step 2 re-searches (§4): the query key follows the date, and the
  // choice made on the old day no longer applies.
  const shiftDeparture = (delta: -1 | 1) => {
    const next = addDays(form.departureDate!, delta);
    const patch: { departureDate: string; comebackDate?: string } = { departureDate: next };
    if (form.comebackDate && form.comebackDate < next) patch.comebackDate = next;
    dispatch({ type: 'patch', patch });
    dispatch({ type: 'selectFlight', leg: 'departure', flight: null });
    if (patch.comebackDate) dispatch({ type: 'selectFlight', leg: 'comeback', flight: null });
  };
  const shiftComeback = (delta: -1 | 1) => {
    dispatch({ type: 'patch', patch: { comebackDate: addDays(form.comebackDate!, delta) } });
    dispatch({ type: 'selectFlight', leg: 'comeback', flight: null });
  };

  // The two legs differ only in their data and handlers.
  const legs = [
    {
      leg: 'departure' as const,
      title: t('wizard.step2.departures'),
      date: form.departureDate,
      search: out,
      selected: form.departureFlightId,
      onDay: shiftDeparture,
      canGoBack: !!form.departureDate && form.departureDate > today,
    },
    ...(form.flightType === 'DW'
      ? [
          {
            leg: 'comeback' as const,
            title: t('wizard.step2.returns'),
            date: form.comebackDate,
            search: back,
            selected: form.comebackFlightId,
            onDay: shiftComeback,
            canGoBack: !!form.comebackDate && !!form.departureDate && form.comebackDate > form.departureDate,
          },
        ]
      : []),
  ];
  return (
    <>
      {legs.map((l, i) => (
        <FlightTable
          key={l.leg}
          title={l.title}
          dateLabel={wire(l.date)}
          flights={l.search.data?.flights}
          loading={l.search.isFetching}
          failed={l.search.isError}
          selected={l.selected}
          onSelect={(id) => dispatch({ type: 'selectFlight', leg: l.leg, flight: l.search.data?.flights.find((f) => f.flightId === id) ?? null })}
          onDay={l.onDay}
          canGoBack={l.canGoBack}
          showInfo={staff}
          testId={`flights-${i}`}
          domId={fieldId(`${l.leg}FlightId`)}
          error={errors.get(`${l.leg}FlightId`)}
        />
      ))}
    </>
  );
}
