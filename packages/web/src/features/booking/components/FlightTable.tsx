import { ActionIcon, Badge, Group, LoadingOverlay, Paper, Radio, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Flight } from '../../../api/flights.ts';
import classes from './FlightTable.module.css';

interface Props {
  title: string;
  /** DD/MM/YYYY, shown next to the arrows. */
  dateLabel: string;
  flights: readonly Flight[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: number | null;
  onSelect: (flightId: number) => void;
  onDay: (delta: -1 | 1) => void;
  canGoBack: boolean;
  /** Staff see the aircraft and Info columns (spec §2 step 2, §6: both role-dependent). */
  showInfo: boolean;
  testId: string;
  /** The DOM id the error summary links to. */
  domId?: string;
  /** The last validation's messages about this leg's choice. */
  error?: string;
}

/** One leg's flights on one day, picked with a radio per row (spec §2 step 2). */
export function FlightTable({ title, dateLabel, flights, loading, failed, selected, onSelect, onDay, canGoBack, showInfo, testId, domId, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const rows = flights ?? [];
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} pos="relative" mb="lg" data-testid={testId} id={domId}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={2} size="h4" id={`${id}-t`}>
          {title}
        </Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="light" size="lg" aria-label={t('wizard.step2.prevDay')} onClick={() => onDay(-1)} disabled={!canGoBack || loading}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text fw={700} miw={96} ta="center" aria-live="polite">
            {dateLabel}
          </Text>
          <ActionIcon variant="light" size="lg" aria-label={t('wizard.step2.nextDay')} onClick={() => onDay(1)} disabled={loading}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {error && (
        <Text c="red.8" size="sm" mb="sm" id={`${id}-e`}>
          {error}
        </Text>
      )}
      <LoadingOverlay visible={loading} loaderProps={{ role: 'status', 'aria-label': t('app.loading') } as object} zIndex={5} />
      <div aria-busy={loading} style={{ minHeight: 120 }}>
        {failed ? (
          <Text c="red.8" role="alert">
            {t('errors.generic')}
          </Text>
        ) : rows.length === 0 && !loading ? (
          <Text role="status" py="md">
            {t('wizard.step2.noFlights')}
          </Text>
        ) : (
          <Radio.Group
            value={selected != null ? String(selected) : ''}
            onChange={(v) => onSelect(Number(v))}
            aria-labelledby={`${id}-t`}
            aria-describedby={error ? `${id}-e` : undefined}
            aria-invalid={error ? true : undefined}
          >
            <Table.ScrollContainer minWidth={640} type="native" className={classes.table}>
              <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={`${id}-t`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <span className="visually-hidden">{t('wizard.step2.col.select')}</span>
                    </Table.Th>
                    <Table.Th>{t('wizard.step2.col.flight')}</Table.Th>
                    {showInfo && <Table.Th>{t('wizard.step2.col.aircraft')}</Table.Th>}
                    <Table.Th>{t('wizard.step2.col.route')}</Table.Th>
                    <Table.Th>{t('wizard.step2.col.origin')}</Table.Th>
                    <Table.Th>{t('wizard.step2.col.takeOff')}</Table.Th>
                    <Table.Th>{t('wizard.step2.col.destination')}</Table.Th>
                    <Table.Th>{t('wizard.step2.col.landing')}</Table.Th>
                    <Table.Th>{t('wizard.step2.col.seats')}</Table.Th>
                    {showInfo && <Table.Th>{t('wizard.step2.col.info')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((f) => {
                    const full = f.bookable === false || f.availableSeats <= 0;
                    return (
                      <Table.Tr
                        key={f.flightId}
                        bg={selected === f.flightId ? 'var(--mantine-color-blue-light)' : undefined}
                        onClick={() => !full && onSelect(f.flightId)}
                        style={{ cursor: full ? 'default' : 'pointer' }}
                      >
                        <Table.Td>
                          <Radio value={String(f.flightId)} disabled={full} aria-label={t('wizard.step2.pick', { code: f.flightCode, time: f.takeOffTime })} />
                        </Table.Td>
                        <Table.Td fw={700}>{f.flightCode}</Table.Td>
                        {showInfo && <Table.Td>{f.aircraft}</Table.Td>}
                        <Table.Td>{f.route}</Table.Td>
                        <Table.Td>{f.origin}</Table.Td>
                        <Table.Td>{f.takeOffTime}</Table.Td>
                        <Table.Td>{f.destination}</Table.Td>
                        <Table.Td>{f.landingTime}</Table.Td>
                        <Table.Td>{full ? <NotBookable flight={f} /> : f.availableSeats}</Table.Td>
                        {showInfo && (
                          <Table.Td>
                            {f.extra ? (
                              <Badge color="grape" variant="light">
                                {t('wizard.step2.extra')}
                              </Badge>
                            ) : null}
                            {f.info && (
                              <Text span size="xs" style={{ whiteSpace: 'nowrap' }}>
                                {t('wizard.step2.info', f.info)}
                              </Text>
                            )}
                          </Table.Td>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <div className={classes.cards}>
              {rows.map((f) => (
                <FlightCard key={f.flightId} flight={f} checked={selected === f.flightId} onSelect={onSelect} staff={showInfo} />
              ))}
            </div>
          </Radio.Group>
        )}
      </div>
    </Paper>
  );
}

/** Why a listed flight cannot be chosen: no seats at all, or fewer than the party (the search lists those too). */
function NotBookable({ flight }: { flight: Flight }) {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="light" style={{ textTransform: 'none', whiteSpace: 'normal', height: 'auto' }}>
      {flight.availableSeats > 0 ? t('wizard.step2.tooFewSeats', { n: flight.availableSeats }) : t('wizard.step2.full')}
    </Badge>
  );
}

/** The same flight as a selectable card (phone width). */
function FlightCard({ flight: f, checked, onSelect, staff }: { flight: Flight; checked: boolean; onSelect: (id: number) => void; staff: boolean }) {
  const { t } = useTranslation();
  const full = f.bookable === false || f.availableSeats <= 0;
  return (
    <Radio.Card
      className={classes.card}
      value={String(f.flightId)}
      checked={checked}
      disabled={full}
      onClick={() => !full && onSelect(f.flightId)}
      p="sm"
      aria-label={t('wizard.step2.pick', { code: f.flightCode, time: f.takeOffTime })}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator checked={checked} disabled={full} mt={4} />
        <div style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={800}>{f.flightCode}</Text>
            {full ? <NotBookable flight={f} /> : <Text size="sm">{t('wizard.step2.seatsLeft', { n: f.availableSeats })}</Text>}
          </Group>
          <Text fw={600}>
            {f.takeOffTime} {f.origin} → {f.landingTime} {f.destination}
          </Text>
          <Text size="sm" c="dimmed">
            {staff ? `${f.route} · ${f.aircraft}` : f.route}
          </Text>
          {staff && (f.extra || f.info) && (
            <Text size="xs" mt={4}>
              {f.extra && `${t('wizard.step2.extra')} · `}
              {f.info && t('wizard.step2.info', f.info)}
            </Text>
          )}
        </div>
      </Group>
    </Radio.Card>
  );
}
