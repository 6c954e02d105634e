import type { TCheckInFlightSummary } from '@heliline/domain';
import { placeById } from '@heliline/domain/places';
import { NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { checkInFlightQuery, checkInFlightsQuery } from './api.ts';
import { CheckInForm } from './CheckInForm.tsx';
import { FlightHeader, LoadPanel } from './FlightPanel.tsx';
import { romeTime } from './format.ts';
import { PassengersTable } from './PassengersTable.tsx';
import { useLiveDesk } from './use-live-desk.ts';

/** /admin/check-in: the desk (issue 13 part A). The chosen flight is kept in the address (?flight=). */
export function CheckInScreen() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [params, setParams] = useSearchParams();
  const flights = useQuery(checkInFlightsQuery());
  useLiveDesk();
  const chosen = Number(params.get('flight')) || null;

  const label = (f: TCheckInFlightSummary) =>
    t('staff.checkIn.flightOption', {
      code: f.code,
      time: romeTime(f.departs_at, lang),
      route: `${placeById(f.origin_id)?.name[lang] ?? ''} – ${placeById(f.destination_id)?.name[lang] ?? ''}`,
      checked: f.checked_in,
      total: f.passengers,
    });

  return (
    <Page title={t('titles.checkIn')} size="xl">
      <Text c="gray.8" mb="md">
        {t('staff.checkIn.intro')}
      </Text>
      {flights.isError && <FormAlert kind="error">{errorText(flights.error, t, lang)}</FormAlert>}
      {flights.isPending && (
        <div role="status" aria-label={t('app.loading')}>
          <Skeleton height={36} radius="sm" />
        </div>
      )}
      {flights.data && flights.data.flights.length === 0 && (
        <Text role="status" c="gray.8">
          {t('staff.checkIn.noFlights')}
        </Text>
      )}
      {flights.data && flights.data.flights.length > 0 && (
        <NativeSelect
          label={t('staff.checkIn.flight')}
          value={chosen ? String(chosen) : ''}
          onChange={(e) => setParams(e.currentTarget.value ? { flight: e.currentTarget.value } : {})}
          data={[{ value: '', label: t('staff.checkIn.chooseFlight') }, ...flights.data.flights.map((f) => ({ value: String(f.id), label: label(f) }))]}
          mb="lg"
          maw={560}
        />
      )}
      {chosen && <FlightDesk flightId={chosen} />}
    </Page>
  );
}

function FlightDesk({ flightId }: { flightId: number }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const view = useQuery(checkInFlightQuery(flightId));
  if (view.isError) return <FormAlert kind="error">{errorText(view.error, t, lang)}</FormAlert>;
  if (!view.data)
    return (
      <div role="status" aria-label={t('app.loading')}>
        <Skeleton height={200} radius="sm" />
      </div>
    );
  const closed = Boolean(view.data.closure);
  return (
    <Stack gap="lg">
      <FlightHeader view={view.data} />
      <CheckInForm flightId={flightId} phase={view.data.window.phase} disabled={closed} />
      <PassengersTable flightId={flightId} code={view.data.flight.code} passengers={view.data.passengers} closed={closed} />
      <LoadPanel view={view.data} />
    </Stack>
  );
}
