import type { TFailedBooking, TFailedPaymentLinkResponse } from '@heliline/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '../../../api/client.ts';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { FAILED_BOOKINGS_KEY, lockBooking, removeFailedBooking, sendFailedPaymentLink } from './api.ts';

type Rows = TFailedBooking[] | undefined;
const setRows = (update: (rows: TFailedBooking[]) => TFailedBooking[]) =>
  queryClient.setQueriesData<TFailedBooking[]>({ queryKey: FAILED_BOOKINGS_KEY }, (rows: Rows) => (rows ? update(rows) : rows));
const refetch = () => void queryClient.invalidateQueries({ queryKey: FAILED_BOOKINGS_KEY });

/** The row as the server answered it; selecting one releases my other row (one at a time). */
function putRow(answer: TFailedBooking) {
  setRows((rows) => rows.map((r) => (r.code === answer.code ? answer : answer.flagged && r.flagged ? { ...r, flagged: false, in_use_by_user: null } : r)));
}

/**
 * The row calls (select/release, lock, delete, payment link) and what the screen shows of their
 * outcome: a refusal (409: someone else got there first) stays on screen until the next action.
 */
export function useRowActions() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const announce = useAnnounce();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TFailedBooking | null>(null);
  const [link, setLink] = useState<TFailedPaymentLinkResponse | null>(null);

  const fail = (error: unknown) => {
    const text = errorText(error, t, lang);
    setProblem(text);
    notify.error(text);
    // a conflict means our list is behind: read it again
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) refetch();
  };
  const succeed = (text: string | undefined) => {
    setProblem(null);
    if (text) announce(text);
  };

  const lock = useMutation({
    mutationFn: ({ row, status, locked }: { row: TFailedBooking; status?: boolean; locked?: boolean }) => lockBooking({ code: row.code, status, locked }),
    onMutate: () => setProblem(null),
    onSuccess: (answer) => {
      putRow(answer.booking);
      succeed(messageOf(answer, lang));
    },
    onError: fail,
  });

  const remove = useMutation({
    mutationFn: (row: TFailedBooking) => removeFailedBooking(row.code, row.pending),
    onSuccess: (answer) => {
      setRows((rows) => rows.filter((r) => r.code !== answer.code));
      setConfirming(null);
      const text = `${answer.code}: ${messageOf(answer, lang) ?? ''}`;
      succeed(text);
      notify.success(text);
    },
    onError: (error) => {
      setConfirming(null);
      fail(error);
    },
  });

  const sendLink = useMutation({
    mutationFn: ({ row, email }: { row: TFailedBooking; email: string }) => sendFailedPaymentLink(row.code, email),
    onSuccess: (answer) => {
      setLink(answer);
      succeed(undefined);
      refetch();
    },
    onError: fail,
  });

  const busyCode = lock.isPending ? (lock.variables?.row.code ?? null) : remove.isPending ? (remove.variables?.code ?? null) : null;
  return {
    problem,
    link,
    closeLink: () => setLink(null),
    confirming,
    cancelDelete: () => setConfirming(null),
    confirmDelete: (row: TFailedBooking) => remove.mutate(row),
    deleting: remove.isPending,
    sendLink: (row: TFailedBooking, email: string) => sendLink.mutate({ row, email }),
    sendingLink: sendLink.isPending,
    rowActions: {
      onSelect: (row: TFailedBooking, selected: boolean) => lock.mutate({ row, status: selected }),
      onLock: (row: TFailedBooking, locked: boolean) => lock.mutate({ row, locked }),
      onDelete: (row: TFailedBooking) => setConfirming(row),
      busyCode,
    },
  };
}
