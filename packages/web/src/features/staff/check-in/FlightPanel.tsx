import type { TCheckInFlight } from '@heliline/domain';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { manifestUrl, useCloseFlight } from './api.ts';
import { formatKg, romeTime } from './format.ts';

const PHASE_COLORS = { notOpen: 'gray', open: 'green', closed: 'red' } as const;

/** The flight's aircraft, window and state. */
export function FlightHeader({ view }: { view: TCheckInFlight }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { flight, window, closure } = view;
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm">
        <Badge color={PHASE_COLORS[window.phase]} variant="light" c="dark.8" size="lg">
          {t(`staff.checkIn.phase.${window.phase}`)}
        </Badge>
        <Text fw={600}>{t('staff.checkIn.window', { opens: romeTime(window.opens, lang), closes: romeTime(window.closes, lang) })}</Text>
      </Group>
      <Text size="sm">
        {t('staff.checkIn.aircraft', { registration: flight.aircraft.registration, model: flight.aircraft.model, payload: formatKg(flight.aircraft.payload_kg, lang) })}
      </Text>
      <Text size="xs" c="gray.8">
        {t('staff.checkIn.payloadSource', { source: flight.aircraft.payload_source })}
      </Text>
      {closure && (
        <FormAlert kind="success">
          {t('staff.checkIn.flightClosed', { time: romeTime(closure.closed_at, lang), by: closure.closed_by ?? '' })}
          {closure.reason && <Text mt={4}>{t('staff.checkIn.closedOverReason', { reason: closure.reason })}</Text>}
        </FormAlert>
      )}
    </Stack>
  );
}

/** The load against the payload, the close button (a reason when over the limit) and the manifest. */
export function LoadPanel({ view }: { view: TCheckInFlight }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const close = useCloseFlight(view.flight.id);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { load } = view;
  const kg = (v: number) => t('staff.checkIn.kg', { value: formatKg(v, lang) });
  const cell = (label: string, value: string, testId?: string) => (
    <div>
      <Text size="xs" c="gray.8">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );

  const onClose = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    close.mutate(reason.trim() ? { reason: reason.trim() } : {}, { onSuccess: (res) => setDone(res.messages[lang]) });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="check-in-load-title">
      <Title order={2} size="h3" id="check-in-load-title" mb="sm">
        {t('staff.checkIn.loadTitle')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" mb="sm">
        {cell(t('staff.checkIn.loadPassengers'), kg(load.passengersKg))}
        {cell(t('staff.checkIn.loadBags'), kg(load.bagsKg))}
        {cell(t('staff.checkIn.loadTotal'), kg(load.totalKg), 'check-in-load-total')}
        {cell(t('staff.checkIn.loadPayload'), kg(load.payloadKg))}
        {cell(t('staff.checkIn.loadMargin'), kg(load.marginKg), 'check-in-load-margin')}
      </SimpleGrid>
      {load.standardCount > 0 && (
        <Text size="sm" c="gray.8">
          {t('staff.checkIn.loadStandard', { count: load.standardCount })}
        </Text>
      )}
      <Text size="sm" c="gray.8" mb="sm">
        {t('staff.checkIn.loadCounted')}
      </Text>
      {load.over && <FormAlert kind="error">{t('staff.checkIn.loadOver')}</FormAlert>}

      {!view.closure && (
        <form onSubmit={onClose} noValidate>
          <Title order={3} size="h4" mb="xs">
            {t('staff.checkIn.closeTitle')}
          </Title>
          <Stack gap="sm">
            {load.over && <TextInput label={t('staff.checkIn.closeReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} />}
            <Group>
              <Button type="submit" color="red.8" loading={close.isPending}>
                {t('staff.checkIn.close')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <div aria-live="polite">
        {close.isError && <FormAlert kind="error">{errorText(close.error, t, lang)}</FormAlert>}
        {done && <FormAlert kind="success">{done}</FormAlert>}
      </div>

      <Title order={3} size="h4" mt="md" mb="xs">
        {t('staff.checkIn.manifest')}
      </Title>
      <Group gap="md" wrap="wrap">
        {(['it', 'en'] as const).map((l) => (
          <Group key={l} gap="md">
            <Anchor href={manifestUrl(view.flight.id, 'pdf', l)} download>
              {t('staff.checkIn.manifestPdf', { lang: t(l === 'it' ? 'staff.checkIn.langIt' : 'staff.checkIn.langEn') })}
            </Anchor>
            <Anchor href={manifestUrl(view.flight.id, 'csv', l)} download>
              {t('staff.checkIn.manifestCsv', { lang: t(l === 'it' ? 'staff.checkIn.langIt' : 'staff.checkIn.langEn') })}
            </Anchor>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
