import type { TUser } from '@heliline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { paths } from '../../lib/paths.ts';
import { ticketsKey } from './api/list.ts';
import { type ListSearch, TicketsList } from './list/TicketsList.tsx';
import { deadlineFrom, forgetPayment, paypalReturnOf, readPayment } from './payment/stored-payment.ts';

// Edit mode (the change flow and its wire schemas) and the PayPal return view are chunks of their
// own: the first visit shows the search only (decision 023). Edit mode starts downloading with
// the first search, before a row's edit button can be pressed.
const loadEditMode = () => import('./edit/EditMode.tsx');
const EditMode = lazy(async () => ({ default: (await loadEditMode()).EditMode }));
const PaymentView = lazy(async () => ({ default: (await import('./payment/PaymentView.tsx')).PaymentView }));

/**
 * /my-tickets (spec my-tickets §2): the search list, edit mode for one booking, and the payment
 * view when PayPal sends the buyer back here (?paypal=approved|cancelled&bookingRequestUuid&token).
 */
export function MyTicketsScreen({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState<ListSearch | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const back = () => {
    // 'back to search' resets everything and reloads the list (spec §4).
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: ticketsKey });
  };
  const returned = paypalReturnOf(params);
  const stored = returned ? readPayment(returned.bookingRequestUuid) : null;
  const leavePayment = () => {
    forgetPayment();
    back();
    void navigate(paths.myTickets, { replace: true });
  };
  const onSearch = (next: ListSearch | null) => {
    if (next) void loadEditMode().catch(() => undefined);
    setSearch(next);
  };
  return (
    <Page title={t('tickets.title')} size="xl">
      <Suspense fallback={<PageLoader />}>
        {returned ? (
          <PaymentView
            payment={stored ?? { bookingRequestUuid: returned.bookingRequestUuid, bookingCode: '', amount: 0, deadline: deadlineFrom(null) }}
            approvedOrder={returned.outcome === 'approved' ? returned.orderId : null}
            onFinished={leavePayment}
          />
        ) : editing ? (
          <EditMode code={editing} user={user} onBack={back} />
        ) : (
          <TicketsList search={search} onSearch={onSearch} onEdit={(row) => setEditing(row.bookingCode)} />
        )}
      </Suspense>
    </Page>
  );
}
