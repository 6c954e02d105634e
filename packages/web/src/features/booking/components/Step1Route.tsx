import { PLACES } from '@heliline/domain/places';
import { Alert, Anchor, Checkbox, Grid, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { todayIso } from '../../../lib/dates.ts';
import { fieldId } from '../wizard/issue-fields.ts';
import type { CountKey, FlightType, WizardAction, WizardForm } from '../wizard/state.ts';
import { LabeledSegments } from './LabeledSegments.tsx';
import { PaxCounters } from './PaxCounters.tsx';
import { RouteMap } from './RouteMap.tsx';

// The flight-assistance desk (FLIGHT_ASSISTANCE_EMAIL on the server) sends the forms.
const FORMS_EMAIL = 'voli@heliline.test';

/** Step 1: trip kind, route (with map), dates, passengers (spec §2 step 1). */
export function Step1Route({
  form,
  dispatch,
  minimum,
  onCount,
  errors,
  staffOptions,
  onPet,
}: {
  form: WizardForm;
  /** Admin, Prenotazioni, PrenotaFull: the unaccompanied-minor booking and the pet (spec §2 step 1). */
  staffOptions: boolean;
  onPet: (pet: boolean) => void;
  /** Field key (`originId`, `men`…) → the last validation's messages for it, shown under the field. */
  errors: ReadonlyMap<string, string>;
  dispatch: (a: WizardAction) => void;
  minimum: (key: CountKey) => number;
  onCount: (key: CountKey, value: number) => void;
}) {
  const { t } = useTranslation();
  const [lang] = useLang();
  // The first option asks for a choice and cannot be chosen back (the field is required).
  const placeData = (pred: (p: (typeof PLACES)[number]) => boolean) => [
    { value: '', label: t('wizard.step1.choose'), disabled: true },
    ...PLACES.filter(pred).map((p) => ({ value: String(p.id), label: p.name[lang] })),
  ];
  const origins = placeData((p) => p.canDepart);
  const destinations = placeData((p) => p.canArrive);
  const nameOf = (id: number | null) => PLACES.find((p) => p.id === id)?.name[lang];
  const today = todayIso();

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <LabeledSegments<FlightType>
            label={t('wizard.step1.tripKind')}
            fullWidth
            value={form.flightType}
            onChange={(value) => dispatch({ type: 'flightType', value })}
            data={[
              { value: 'DW', label: t('wizard.step1.DW') },
              { value: 'OW', label: t('wizard.step1.OW') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['originId', 'destinationId'] as const).map((key) => (
              // Four places: the phone's own picker, no list widget to download (decision 023).
              <NativeSelect
                key={key}
                id={fieldId(key)}
                label={t(key === 'originId' ? 'wizard.step1.origin' : 'wizard.step1.destination')}
                data={key === 'originId' ? origins : destinations}
                value={form[key] != null ? String(form[key]) : ''}
                onChange={(e) => dispatch({ type: 'patch', patch: { [key]: e.currentTarget.value ? Number(e.currentTarget.value) : null } })}
                error={errors.get(key)}
                required
                size="md"
              />
            ))}
            <TripDate
              label={t('wizard.step1.departureDate')}
              minDate={today}
              value={form.departureDate}
              id={fieldId('departureDate')}
              error={errors.get('departureDate')}
              onChange={(v) => dispatch({ type: 'patch', patch: { departureDate: v } })}
            />
            {form.flightType === 'DW' ? (
              <TripDate
                label={t('wizard.step1.comebackDate')}
                // Not the departure date: a typed earlier return would be silently emptied; it is
                // kept and step 1's rule says what is wrong. The calendar still opens there.
                minDate={today}
                openAt={form.departureDate ?? undefined}
                value={form.comebackDate}
                id={fieldId('comebackDate')}
                error={errors.get('comebackDate')}
                onChange={(v) => dispatch({ type: 'patch', patch: { comebackDate: v } })}
              />
            ) : (
              // Keeps the grid's shape so switching DW/OW does not move the counters.
              <div aria-hidden />
            )}
          </SimpleGrid>
          <PaxCounters counts={form.counts} onChange={onCount} minimum={minimum} errors={errors} />
          {form.counts.women > 0 && (
            <Checkbox
              label={t('wizard.step1.pregnant')}
              checked={form.pregnant}
              onChange={(e) => dispatch({ type: 'patch', patch: { pregnant: e.currentTarget.checked } })}
            />
          )}
          {staffOptions && (
            <Stack gap={6}>
              <Checkbox
                label={t('wizard.step1.unattendedMinor')}
                checked={form.unattendedMinor}
                onChange={(e) => dispatch({ type: 'patch', patch: { unattendedMinor: e.currentTarget.checked, minorDisclaimer: false } })}
              />
              {form.unattendedMinor && (
                <Checkbox
                  ml="lg"
                  label={t('wizard.step1.minorDisclaimer')}
                  checked={form.minorDisclaimer}
                  id={fieldId('minorDisclaimer')}
                  error={errors.get('minorDisclaimer')}
                  onChange={(e) => dispatch({ type: 'patch', patch: { minorDisclaimer: e.currentTarget.checked } })}
                />
              )}
              <Checkbox
                label={t('wizard.step1.pet')}
                description={t('wizard.step1.petHint')}
                checked={form.pet}
                id={fieldId('pets')}
                error={errors.get('pets')}
                onChange={(e) => onPet(e.currentTarget.checked)}
              />
            </Stack>
          )}
          <PregnancyWarning />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <RouteMap originId={form.originId} destinationId={form.destinationId} originName={nameOf(form.originId)} destinationName={nameOf(form.destinationId)} />
      </Grid.Col>
    </Grid>
  );
}

/** A trip date: dd/mm/yyyy typed or picked from the calendar. */
function TripDate({
  id,
  label,
  minDate,
  openAt,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  minDate: string;
  /** The month the calendar shows while empty. */
  openAt?: string;
  value: string | null;
  error: string | undefined;
  onChange: (v: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <DateField id={id} label={label} placeholder={t('wizard.dateFormat')} minDate={minDate} openAt={openAt} value={value} onChange={onChange} error={error} required />
  );
}

/** Spec §2: boarding not allowed beyond the eighth month; the form is requested by e-mail. */
export function PregnancyWarning() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('wizard.pregnancy.title')} role="note">
      <Text size="sm">
        {t('wizard.pregnancy.text')}{' '}
        <Anchor href={`mailto:${FORMS_EMAIL}?subject=${encodeURIComponent(t('wizard.pregnancy.subject'))}`} c="navy.9" underline="always">
          {FORMS_EMAIL}
        </Anchor>
      </Text>
    </Alert>
  );
}
