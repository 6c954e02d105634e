import type { TCheckInPassenger } from '@heliline/domain';
import { PASSENGER_KG_MAX, PASSENGER_KG_MIN, plausiblePassengerKg, stillFlies } from '@heliline/domain/operations/checkin';
import { Badge, Button, Group, Modal, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { CardList, useWideLayout } from '../../../components/CardList.tsx';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import { useWeights } from './api.ts';
import { formatKg, parseBags, romeTime } from './format.ts';

const STATE_COLORS = { waiting: 'gray', checkedIn: 'green', cancelled: 'red', moved: 'orange' } as const;

type Passenger = TCheckInPassenger;

/** The flight's passengers: state, forms, masses, and the masses' editor. A table from 48em up; on a phone one card each. */
export function PassengersTable({ flightId, code, passengers, closed }: { flightId: number; code: string; passengers: Passenger[]; closed: boolean }) {
  const { t } = useTranslation();
  const wide = useWideLayout();
  const [weighing, setWeighing] = useState<Passenger | null>(null);
  const caption = t('staff.checkIn.caption', { code });
  const list = { passengers, closed, caption, onWeigh: setWeighing };

  return (
    <>
      {wide ? <Rows {...list} /> : <Cards {...list} />}
      <Modal opened={weighing !== null} onClose={() => setWeighing(null)} title={weighing ? t('staff.checkIn.weighTitle', { name: fullName(weighing) }) : ''}>
        {weighing && <WeightsForm flightId={flightId} passenger={weighing} onDone={() => setWeighing(null)} />}
      </Modal>
    </>
  );
}

interface ListProps {
  passengers: Passenger[];
  closed: boolean;
  caption: string;
  onWeigh: (p: Passenger) => void;
}

const fullName = (p: Passenger) => `${p.lastname} ${p.firstname}`;

function Rows({ passengers, closed, caption, onWeigh }: ListProps) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={caption} minWidth={820} mb="md">
      <Table striped data-testid="check-in-passengers">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('staff.checkIn.colPassenger')}</Table.Th>
            <Table.Th scope="col">{t('staff.checkIn.colTicket')}</Table.Th>
            <Table.Th scope="col">{t('staff.checkIn.colCategory')}</Table.Th>
            <Table.Th scope="col">{t('staff.checkIn.colState')}</Table.Th>
            <Table.Th scope="col">{t('staff.checkIn.colForms')}</Table.Th>
            <Table.Th scope="col">{t('staff.checkIn.colMasses')}</Table.Th>
            <Table.Th scope="col">{t('staff.checkIn.colActions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passengers.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>{t('staff.checkIn.noPassengers')}</Table.Td>
            </Table.Tr>
          )}
          {passengers.map((p) => (
            <Table.Tr key={p.ticket_nr} data-ticket={p.ticket_nr}>
              <Table.Td>
                <NameAndDocument passenger={p} />
              </Table.Td>
              <Table.Td>{p.ticket_nr}</Table.Td>
              <Table.Td>{t(`staff.checkIn.categories.${p.category}`)}</Table.Td>
              <Table.Td>
                <State passenger={p} />
              </Table.Td>
              <Table.Td>{p.forms.length > 0 ? <Forms passenger={p} /> : '—'}</Table.Td>
              <Table.Td>
                <Masses passenger={p} />
              </Table.Td>
              <Table.Td>
                <WeighButton passenger={p} closed={closed} onWeigh={onWeigh} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Cards({ passengers, closed, caption, onWeigh }: ListProps) {
  const { t } = useTranslation();
  return (
    <CardList caption={caption} testId="check-in-passengers">
      {passengers.length === 0 && (
        <Text component="li" size="sm">
          {t('staff.checkIn.noPassengers')}
        </Text>
      )}
      {passengers.map((p) => (
        <Paper component="li" key={p.ticket_nr} withBorder p="sm" data-ticket={p.ticket_nr}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <NameAndDocument passenger={p} />
            <State passenger={p} />
          </Group>
          <Text size="sm" mt={4}>
            {t('staff.checkIn.colTicket')} {p.ticket_nr} · {t(`staff.checkIn.categories.${p.category}`)}
          </Text>
          {p.forms.length > 0 && <Forms passenger={p} />}
          <Group justify="space-between" mt={4}>
            <Text size="sm">
              <Masses passenger={p} />
            </Text>
            <WeighButton passenger={p} closed={closed} onWeigh={onWeigh} />
          </Group>
        </Paper>
      ))}
    </CardList>
  );
}

function NameAndDocument({ passenger: p }: { passenger: Passenger }) {
  return (
    <div>
      <Text fw={600} size="sm">
        {fullName(p)}
      </Text>
      {p.document && (
        <Text size="xs" c="gray.8">
          {p.document}
        </Text>
      )}
    </div>
  );
}

function State({ passenger: p }: { passenger: Passenger }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  return (
    <div>
      <Badge color={STATE_COLORS[p.state]} variant="light" c="dark.8">
        {t(`staff.checkIn.states.${p.state}`)}
      </Badge>
      {p.checked_in_at && (
        <Text size="xs" c="gray.8">
          {t('staff.checkIn.checkedInAt', { time: romeTime(p.checked_in_at, lang), by: p.checked_in_by ?? '' })}
        </Text>
      )}
    </div>
  );
}

function Forms({ passenger: p }: { passenger: Passenger }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={700} c="red.9">
      {p.forms.map((f) => t(`staff.checkIn.forms.${f}`)).join(', ')}
    </Text>
  );
}

function Masses({ passenger: p }: { passenger: Passenger }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  if (p.passenger_kg === null || p.bags_kg === null) return <>{t('staff.checkIn.notWeighed')}</>;
  const bags = p.bags_kg.reduce((a, b) => a + b, 0);
  return <>{t('staff.checkIn.masses', { passenger: formatKg(p.passenger_kg, lang), bags: formatKg(bags, lang) })}</>;
}

/** Only a passenger who still flies can be weighed, and only while the flight is open. */
function WeighButton({ passenger: p, closed, onWeigh }: { passenger: Passenger; closed: boolean; onWeigh: (p: Passenger) => void }) {
  const { t } = useTranslation();
  if (!stillFlies(p.state) || closed) return null;
  return (
    <Button size="xs" variant="default" onClick={() => onWeigh(p)} aria-label={t('staff.checkIn.weighLabel', { name: fullName(p) })}>
      {t('staff.checkIn.weigh')}
    </Button>
  );
}

function WeightsForm({ flightId, passenger, onDone }: { flightId: number; passenger: Passenger; onDone: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const weights = useWeights(flightId);
  const [kg, setKg] = useState<string | number>(passenger.passenger_kg ?? '');
  const [bags, setBags] = useState((passenger.bags_kg ?? []).map((b) => formatKg(b, lang)).join(' + '));
  const [errors, setErrors] = useState<{ kg?: string; bags?: string }>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const mass = typeof kg === 'number' ? kg : Number(String(kg).replace(',', '.'));
    const bagList = parseBags(bags);
    const next = {
      ...(!plausiblePassengerKg(mass) ? { kg: t('staff.checkIn.passengerKgInvalid') } : {}),
      ...(bagList === null ? { bags: t('staff.checkIn.bagsInvalid') } : {}),
    };
    setErrors(next);
    if (next.kg || next.bags || bagList === null) return;
    weights.mutate({ ticketNr: passenger.ticket_nr, passenger_kg: mass, bags_kg: bagList }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label={t('staff.checkIn.passengerKg')}
          value={kg}
          onChange={setKg}
          decimalScale={1}
          decimalSeparator={lang === 'it' ? ',' : '.'}
          min={PASSENGER_KG_MIN}
          max={PASSENGER_KG_MAX}
          hideControls
          error={errors.kg}
          data-autofocus
        />
        <TextInput
          label={t('staff.checkIn.bagsKg')}
          description={t('staff.checkIn.bagsHint')}
          value={bags}
          onChange={(e) => setBags(e.currentTarget.value)}
          error={errors.bags}
        />
        {weights.isError && <FormAlert kind="error">{errorText(weights.error, t, lang)}</FormAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('staff.checkIn.cancel')}
          </Button>
          <Button type="submit" loading={weights.isPending}>
            {t('staff.checkIn.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
