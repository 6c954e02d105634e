import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../components/FormAlert.tsx';
import { Page } from '../../components/Page.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { errorText } from '../../lib/errors.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { formatEuro } from '../../lib/format.ts';
import { cancellationAnswersQuery } from './api.ts';
import { cancellationsPath } from './paths.ts';

const when = (iso: string | null, lang: string) =>
  iso ? new Intl.DateTimeFormat(lang === 'it' ? 'it-IT' : 'en-GB', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '';

/** /admin/cancellations/{id}: who chose what, who has not answered (and whether reminded). */
export function CancellationAnswersScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const answers = useQuery(cancellationAnswersQuery(id));
  const data = answers.data;
  const title = data ? t('staff.cancellations.answersTitle', { code: data.flightCode, date: data.date }) : t('staff.cancellations.answersTitleShort');
  const pending = data ? data.notices.filter((n) => !n.choice).length : 0;
  return (
    <Page title={title} size="xl">
      <Anchor component={Link} to={cancellationsPath} size="sm" mb="md" display="inline-block">
        {t('staff.cancellations.backToList')}
      </Anchor>
      {answers.isError && <FormAlert kind="error">{errorText(answers.error, t, lang)}</FormAlert>}
      {data && (
        <>
          <Text mb="xs">
            {data.route} — {t('staff.cancellations.reasonShown', { reason: data.reason })}
          </Text>
          <Text mb="md" role="status">
            {t('staff.cancellations.summary', { answered: data.notices.length - pending, total: data.notices.length, pending })}
          </Text>
          {data.notices.length === 0 ? (
            <Text c="gray.8">{t('staff.cancellations.noBookings')}</Text>
          ) : (
            <ScrollTable label={t('staff.cancellations.answersLabel')} minWidth={720} mb="md">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('staff.cancellations.colBooking')}</Table.Th>
                    <Table.Th scope="col">{t('staff.cancellations.colPassengers')}</Table.Th>
                    <Table.Th scope="col">{t('staff.cancellations.colPaid')}</Table.Th>
                    <Table.Th scope="col">{t('staff.cancellations.colChoice')}</Table.Th>
                    <Table.Th scope="col">{t('staff.cancellations.colReminder')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.notices.map((n) => (
                    <Table.Tr key={n.bookingCode}>
                      <Table.Th scope="row">
                        {n.bookingCode}
                        <Text size="xs" c="gray.8">
                          {n.email} ({n.lang})
                        </Text>
                      </Table.Th>
                      <Table.Td>{n.passengers.join(', ')}</Table.Td>
                      <Table.Td>€ {formatEuro(n.paid, lang)}</Table.Td>
                      <Table.Td>
                        {n.choice ? (
                          <>
                            <Badge variant="light" c="dark.9" color={n.choice === 'move' ? 'blue' : n.choice === 'refund' ? 'green' : 'grape'} mr="xs">
                              {t(`staff.cancellations.choices.${n.choice}`)}
                            </Badge>
                            <Text size="sm" span>
                              {n.choiceText} · {when(n.chosenAt, lang)}
                            </Text>
                          </>
                        ) : (
                          <Badge variant="light" c="dark.9" color="orange">
                            {t('staff.cancellations.noAnswer')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{n.remindedAt ? when(n.remindedAt, lang) : n.choice ? '' : t('staff.cancellations.notYet')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </>
      )}
    </Page>
  );
}
