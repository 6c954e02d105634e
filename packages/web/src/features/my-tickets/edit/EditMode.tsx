import type { TChangeAnswer, TManageBookingAnswer, TUser } from '@heliline/domain';
import { CHANGE_TYPE, type ChangeType } from '@heliline/domain/booking/payment-types';
import { TICKET_CHANGES_MESSAGES } from '@heliline/domain/i18n/ticket-changes-messages';
import { can } from '@heliline/domain/roles';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { manageBookingQuery, putChange } from '../api/changes.ts';
import { changeBody } from '../logic/edit-state.ts';
import { canAddSlot, canRemoveSlot, canSearch, type EditProblem, passengersOn, validateChanges } from '../logic/slots.ts';
import { deadlineFrom, type PendingPayment } from '../payment/stored-payment.ts';
import { PaymentView } from '../payment/PaymentView.tsx';
import { EditTickets } from './EditTickets.tsx';
import { FinalStep } from './FinalStep.tsx';
import { RefundsTable } from './RefundsTable.tsx';
import { SlotPanel } from './SlotPanel.tsx';
import { useEditState } from './useEditState.ts';

/** Edit mode for one booking (spec §2): loads it by its group code, then slots → final step → payment. */
export function EditMode({ code, user, onBack }: { code: string; user: TUser; onBack: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const booking = useQuery(manageBookingQuery(code));
  // The list the buyer came from is gone: focus starts on this view's heading, not on <body>.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {t('tickets.edit.title', { code: booking.data?.bookingCode ?? code.slice(0, 6) })}
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          {t('tickets.edit.back')}
        </Button>
      </Group>
      {booking.isPending && <PageLoader />}
      {booking.isError && <FormAlert kind="error">{errorText(booking.error, t, lang)}</FormAlert>}
      {booking.data && <EditFlow answer={booking.data} user={user} onBack={onBack} />}
    </Stack>
  );
}

type Step = { kind: 'edit' } | { kind: 'final'; preview: TChangeAnswer } | { kind: 'payment'; payment: PendingPayment };

function EditFlow({ answer, user, onBack }: { answer: TManageBookingAnswer; user: TUser; onBack: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const edit = useEditState(answer);
  const [step, setStep] = useState<Step>({ kind: 'edit' });
  const [problem, setProblem] = useState<EditProblem | null>(null);
  const staff = can(user.roles, 'booking.staffPaymentArea');
  const send = useMutation({
    mutationFn: (v: { type: ChangeType; adminFeeCheck: boolean; email?: string }) =>
      putChange(
        answer.bookingCode,
        changeBody(edit.state, v.type, { adminFeeCheck: v.adminFeeCheck, paymentLinkEmail: v.email, refundSettingsEditable: answer.refundSettingsEditable }),
      ),
    onSuccess: (res, v) => {
      if (res.status === 'error') return notify.error(`${res.messages.it} / ${res.messages.en}`);
      if (v.type === CHANGE_TYPE.preview) return setStep({ kind: 'final', preview: res });
      if (res.paypal && res.bookingRequestUuid) {
        return setStep({
          kind: 'payment',
          payment: { bookingRequestUuid: res.bookingRequestUuid, bookingCode: res.bookingCode, amount: res.amount, deadline: deadlineFrom(res.paymentDeadline) },
        });
      }
      notify.success(messageOf(res, lang) ?? t(v.type === CHANGE_TYPE.paymentLink ? 'tickets.final.linkSent' : 'tickets.final.done'));
      onBack();
    },
    onError: (e) => notify.error(errorText(e, t, lang)),
  });
  const calculate = () => {
    const found = validateChanges(edit.state.slots, edit.state.tickets);
    setProblem(found);
    if (found) return;
    send.mutate({ type: CHANGE_TYPE.preview, adminFeeCheck: true });
  };
  if (step.kind === 'payment') return <PaymentView payment={step.payment} onFinished={onBack} />;
  if (step.kind === 'final') {
    return (
      <FocusOnMount>
        <FinalStep
          preview={step.preview}
          staff={staff}
          canLink={can(user.roles, 'booking.paymentLink')}
          actions={{
            busy: send.isPending,
            onBack: () => setStep({ kind: 'edit' }),
            onPay: (adminFeeCheck) => send.mutate({ type: CHANGE_TYPE.pay, adminFeeCheck }),
            onLink: (email, adminFeeCheck) => send.mutate({ type: CHANGE_TYPE.paymentLink, adminFeeCheck, email }),
          }}
        />
      </FocusOnMount>
    );
  }
  const { slots, tickets } = edit.state;
  return (
    <Stack gap="md">
      {answer.pendingChange && <Alert color="orange">{t('tickets.list.pendingHint')}</Alert>}
      {/* The operator takes no online payments for changes (PAYPAL_ENABLED=false): said before the change is built, in the server's 409 words. */}
      {!answer.paidChangesAvailable && (
        <Alert color="yellow" data-testid="paid-changes-unavailable">
          {TICKET_CHANGES_MESSAGES.changePaymentUnavailable[lang]}
        </Alert>
      )}
      <EditTickets tickets={tickets} slots={slots} onMove={edit.move} onCancel={edit.cancel} />
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={!canAddSlot(slots, tickets)} onClick={edit.addSlot}>
          {t('tickets.edit.addFlight')}
        </Button>
      </Group>
      {slots.map((slot) => (
        <SlotPanel
          key={slot.id}
          slot={slot}
          passengers={passengersOn(slot.id, tickets).length}
          searchable={canSearch(slot, tickets)}
          removable={canRemoveSlot(slots, slot.id)}
          searching={edit.searching === slot.id}
          staff={staff}
          handlers={{ onField: edit.setField, onSearch: (id) => void edit.search(id), onChoose: edit.choose, onRemove: edit.removeSlot }}
        />
      ))}
      <RefundsTable tickets={tickets} editable={answer.refundSettingsEditable} onChange={edit.refund} />
      {problem && <FormAlert kind="error">{t(`tickets.edit.${problem}`)}</FormAlert>}
      <Group justify="flex-end">
        <Button size="md" onClick={calculate} loading={send.isPending} disabled={send.isPending}>
          {t('tickets.edit.calculate')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Moves focus to the first heading of a new step (keyboard and screen-reader users start there). */
function FocusOnMount({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus(), []);
  return <div ref={ref}>{children}</div>;
}
