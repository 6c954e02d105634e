import { can } from '@heliline/domain/roles';
import { Anchor, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/session.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { requireBookingUser } from '../../../lib/guards.ts';
import { paths } from '../../../lib/paths.ts';
import { isPending, useBookingStatus } from '../api/booking-status.ts';
import { BankFailure } from '../status/BankFailure.tsx';
import { PendingPayment } from '../status/PendingPayment.tsx';
import { Reminders } from '../status/Reminders.tsx';
import { StatusProgress } from '../status/StatusProgress.tsx';
import { TicketsTable } from '../status/TicketsTable.tsx';
import type { Route } from './+types/booking-status';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** The path carries the base64 of the booking code. */
function decodeCode(param: string): string {
  try {
    return atob(decodeURIComponent(param));
  } catch {
    return param;
  }
}

/** /booking-status/{base64(code)}: the receipt, step 5 of the wizard (spec §2). */
export default function BookingStatus({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const me = useMe();
  const user = me.data ?? loaderData.user;
  const code = decodeCode(params.code);
  const status = useBookingStatus(code);
  const answer = status.data;
  const pending = isPending(answer);
  const outcome = !answer || pending ? 'pending' : answer.status === 1 ? 'success' : 'failure';
  // Back link (spec §2): staff go to the management list, buyers to their tickets.
  const back = can(user.roles, 'booking.staffPaymentArea') ? paths.staffBookings : paths.myTickets;

  return (
    <Page title={t('titles.bookingStatus')}>
      <div>
        <StatusProgress outcome={status.isError ? 'failure' : outcome} />
        {status.isPending ? (
          <PageLoader />
        ) : status.isError ? (
          <FormAlert kind="error">{errorText(status.error, t, lang)}</FormAlert>
        ) : pending ? (
          <PendingPayment code={code} deadline={answer?.booking?.paymentDeadline} extended={answer?.booking?.deadlineExtended} onExtended={() => void status.refetch()} />
        ) : outcome === 'success' && answer?.booking ? (
          <>
            <Paper withBorder p="md" mb="lg">
              <Text>
                {t('wizard.status.code')}{' '}
                <Text span fw={800} ff="monospace" fz="lg" data-testid="booking-code">
                  {answer.booking.code}
                </Text>
              </Text>
              <Text mt={4} style={{ overflowWrap: 'anywhere' }}>
                {t('wizard.status.sentTo')}{' '}
                <Text span fw={700} data-testid="tickets-email">
                  {answer.booking.email}
                </Text>
              </Text>
            </Paper>
            <TicketsTable paxes={answer.booking.paxes} />
            <Reminders />
          </>
        ) : (
          <BankFailure message={answer?.bank.message ?? null} errorCode={answer?.bank.error_code ?? null} reason={answer?.reason ?? null} />
        )}
        <Anchor component={Link} to={back} underline="always" c="navy.9">
          {back === paths.myTickets ? t('wizard.status.backMyTickets') : t('wizard.status.backStaff')}
        </Anchor>
      </div>
    </Page>
  );
}
