import type { TCancellableFlight } from '@heliline/domain/cancellations/wire';
import { CANCELLATION_REASON_MAX } from '@heliline/domain/cancellations/rules';
import { toWireDate } from '@heliline/domain/dates';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../api/client.ts';
import { FormAlert } from '../../components/FormAlert.tsx';
import { Page } from '../../components/Page.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { errorText } from '../../lib/errors.ts';
import { CardList, useWideLayout } from '../../components/CardList.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { cancelFlight, cancellableFlightsQuery, cancellationsListQuery } from './api.ts';
import { cancellationPath } from './paths.ts';

/** Rome date of today as YYYY-MM-DD (the picker's first value). */
const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

interface Target {
  flight: TCancellableFlight;
  legId: number | null;
}

/** /admin/cancellations: pick a date and a flight (or one leg), give the reason, cancel; the cancellations so far. */
export function StaffCancellationsScreen() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? todayIso();
  const flights = useQuery(cancellableFlightsQuery(date));
  const list = useQuery(cancellationsListQuery());
  const [target, setTarget] = useState<Target | null>(null);

  return (
    <Page title={t('staff.cancellations.title')} size="xl">
      <Text c="gray.8" mb="md">
        {t('staff.cancellations.intro')}
      </Text>
      <TextInput
        type="date"
        label={t('staff.cancellations.date')}
        value={date}
        onChange={(e) => {
          setTarget(null);
          setParams({ date: e.currentTarget.value });
        }}
        maw={240}
        mb="md"
      />
      {flights.isError && <FormAlert kind="error">{errorText(flights.error, t, lang)}</FormAlert>}
      {flights.data && flights.data.flights.length === 0 && (
        <Text role="status" c="gray.8" mb="md">
          {t('staff.cancellations.noFlights')}
        </Text>
      )}
      {flights.data && flights.data.flights.length > 0 && (
        <CancellableFlights
          flights={flights.data.flights}
          caption={t('staff.cancellations.flightsCaption', { date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? toWireDate(date) : date })}
          onCancel={setTarget}
        />
      )}
      {target && <CancelForm key={`${target.flight.flightId}-${target.legId}`} target={target} onDone={() => setTarget(null)} />}

      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('staff.cancellations.listTitle')}
      </Title>
      {list.data && list.data.cancellations.length === 0 && <Text c="gray.8">{t('staff.cancellations.noneYet')}</Text>}
      {list.data && list.data.cancellations.length > 0 && (
        <ScrollTable label={t('staff.cancellations.listTitle')} minWidth={640} mb="md">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staff.cancellations.colFlight')}</Table.Th>
                <Table.Th scope="col">{t('staff.cancellations.colRoute')}</Table.Th>
                <Table.Th scope="col">{t('staff.cancellations.colReason')}</Table.Th>
                <Table.Th scope="col">{t('staff.cancellations.colAnswered')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.cancellations.map((c) => (
                <Table.Tr key={c.cancellationId}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={cancellationPath(c.cancellationId)}>
                      {c.flightCode} {c.date}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{c.route}</Table.Td>
                  <Table.Td>{c.reason}</Table.Td>
                  <Table.Td>{t('staff.cancellations.answeredOf', { answered: c.answered, total: c.notices })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Page>
  );
}

interface FlightsProps {
  flights: readonly TCancellableFlight[];
  caption: string;
  onCancel: (target: Target) => void;
}

/** The day's flights: a table from 48em up; on a phone one card each, the cancel button in view. */
function CancellableFlights(props: FlightsProps) {
  const wide = useWideLayout();
  return wide ? <FlightsTable {...props} /> : <FlightsCards {...props} />;
}

function FlightsTable({ flights, caption, onCancel }: FlightsProps) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={t('staff.cancellations.flightsLabel')} minWidth={640} mb="md">
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('staff.cancellations.colFlight')}</Table.Th>
            <Table.Th scope="col">{t('staff.cancellations.colLegs')}</Table.Th>
            <Table.Th scope="col">{t('staff.cancellations.colTickets')}</Table.Th>
            <Table.Th scope="col">{t('staff.cancellations.colActions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flights.map((f) => (
            <Table.Tr key={f.flightId}>
              <Table.Th scope="row">
                <FlightCode flight={f} />
              </Table.Th>
              <Table.Td>
                <Legs flight={f} onCancel={onCancel} />
              </Table.Td>
              <Table.Td>{f.tickets}</Table.Td>
              <Table.Td>
                <FlightActions flight={f} onCancel={onCancel} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function FlightsCards({ flights, caption, onCancel }: FlightsProps) {
  const { t } = useTranslation();
  return (
    <CardList caption={caption}>
      {flights.map((f) => (
        <Paper component="li" key={f.flightId} withBorder p="sm">
          <Group justify="space-between" align="flex-start">
            <Text fw={700}>
              <FlightCode flight={f} />
            </Text>
            <Text size="sm">
              {t('staff.cancellations.colTickets')}: {f.tickets}
            </Text>
          </Group>
          <Legs flight={f} onCancel={onCancel} />
          <Group mt="xs">
            <FlightActions flight={f} onCancel={onCancel} />
          </Group>
        </Paper>
      ))}
    </CardList>
  );
}

function FlightCode({ flight: f }: { flight: TCancellableFlight }) {
  const { t } = useTranslation();
  return (
    <>
      {f.code}
      {f.cancelled && (
        <Badge variant="light" c="dark.9" color="red" ml="xs">
          {t('staff.cancellations.cancelled')}
        </Badge>
      )}
    </>
  );
}

/** The legs; each leg of a rotation can be cancelled alone. */
function Legs({ flight: f, onCancel }: { flight: TCancellableFlight; onCancel: (target: Target) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {f.legs.map((l) => (
        <Group key={l.legId} gap="xs">
          <Text size="sm" td={l.cancelled ? 'line-through' : undefined}>
            {l.departs}–{l.arrives} {l.origin} → {l.destination}
          </Text>
          {l.cancelled && !f.cancelled && (
            <Badge variant="light" c="dark.9" color="red" size="sm">
              {t('staff.cancellations.cancelled')}
            </Badge>
          )}
          {!l.cancelled && f.legs.length > 1 && (
            <Button size="xs" variant="default" onClick={() => onCancel({ flight: f, legId: l.legId })}>
              {t('staff.cancellations.cancelLeg', { route: `${l.origin} → ${l.destination}` })}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function FlightActions({ flight: f, onCancel }: { flight: TCancellableFlight; onCancel: (target: Target) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {!f.cancelled && (
        <Button size="sm" color="red" variant="light" onClick={() => onCancel({ flight: f, legId: null })}>
          {t('staff.cancellations.cancelFlight', { code: f.code })}
        </Button>
      )}
      {f.cancellationIds.map((id) => (
        <Anchor key={id} component={Link} to={cancellationPath(id)} size="sm">
          {t('staff.cancellations.answersLink', { code: f.code })}
        </Anchor>
      ))}
    </Group>
  );
}

/** The reason and the confirmation of one cancellation. */
function CancelForm({ target, onDone }: { target: Target; onDone: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; id: number } | null>(null);
  const leg = target.legId === null ? null : target.flight.legs.find((l) => l.legId === target.legId);
  const what = leg ? t('staff.cancellations.whatLeg', { code: target.flight.code, route: `${leg.origin} → ${leg.destination}` }) : target.flight.code;
  const mutation = useMutation({
    mutationFn: () => cancelFlight({ flightId: target.flight.flightId, legId: target.legId, reason }),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      setDone({ text: messageOf(answer, lang) ?? answer.message, id: answer.cancellationId });
      void client.invalidateQueries({ queryKey: ['cancellations'] });
    },
    onError: (e) => setError(errorText(e, t, lang)),
  });
  if (done)
    return (
      <FormAlert kind="success">
        {done.text}{' '}
        <Anchor component={Link} to={cancellationPath(done.id)}>
          {t('staff.cancellations.answersLink', { code: target.flight.code })}
        </Anchor>
      </FormAlert>
    );
  return (
    <form
      aria-labelledby="cancel-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length < 3) return setError(t('staff.cancellations.reasonRequired'));
        mutation.mutate();
      }}
      noValidate
    >
      <Title order={2} size="h3" id="cancel-form-title" mb="sm">
        {t('staff.cancellations.formTitle', { what })}
      </Title>
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <Text size="sm" mb="sm">
        {t('staff.cancellations.formIntro', { count: target.flight.tickets })}
      </Text>
      <Textarea
        label={t('staff.cancellations.reason')}
        required
        autosize
        minRows={2}
        maxLength={CANCELLATION_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        mb="sm"
      />
      <Group>
        <Button type="submit" color="red" loading={mutation.isPending}>
          {t('staff.cancellations.confirm', { what })}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t('staff.cancellations.back')}
        </Button>
      </Group>
    </form>
  );
}
