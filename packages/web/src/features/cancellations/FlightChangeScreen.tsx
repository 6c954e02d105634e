import type { TFlightChangeBody } from '@heliline/domain/cancellations/wire';
import type { Lang } from '@heliline/domain/i18n/messages';
import { Button, Card, Group, List, NativeSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { Page } from '../../components/Page.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { errorText } from '../../lib/errors.ts';
import { formatEuro } from '../../lib/format.ts';
import { chooseFlightChange, flightChangeQuery } from './api.ts';

/** /flight-change/{token}: the passenger's choice after a cancelled flight (no login: the link is the key). */
export function FlightChangeScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const [lang, setLang] = useLang();
  const client = useQueryClient();
  const view = useQuery(flightChangeQuery(token, lang));
  const data = view.data;
  // The page opens in the booking's language (once; the header's switch changes it).
  const synced = useRef(false);
  useEffect(() => {
    if (data && !synced.current) {
      synced.current = true;
      if (data.bookingLang !== lang) setLang(data.bookingLang);
    }
  }, [data, lang, setLang]);
  const [picked, setPicked] = useState<string>('');
  const [offerId, setOfferId] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: TFlightChangeBody) => chooseFlightChange(token, lang, body),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      for (const l of ['it', 'en'] as Lang[]) client.setQueryData(flightChangeQuery(token, l).queryKey, l === lang ? answer : undefined);
      void client.invalidateQueries({ queryKey: ['flight-change', token] });
    },
    onError: (e) => setError(errorText(e, t, lang)),
  });

  // The flight to move to: the one picked in the field, else the earliest on offer (shown selected).
  const moveTo = offerId || String(data?.offers[0]?.flightId ?? '');
  const submit = () => {
    if (!picked) return setPickError(t('staff.flightChange.pickOne'));
    if (picked === 'refund' || picked === 'voucher') return mutation.mutate({ choice: picked });
    mutation.mutate({ choice: 'move', flightId: Number(moveTo) });
  };

  return (
    <Page title={t('staff.flightChange.title')} size="md">
      {view.isPending && <PageLoader />}
      {view.isError && <FormAlert kind="error">{errorText(view.error, t, lang)}</FormAlert>}
      {data && (
        <Stack gap="md">
          <Card withBorder>
            <Text fw={600}>{t('staff.flightChange.cancelled', { code: data.flightCode, date: data.date, route: data.route })}</Text>
            <Text size="sm">{t('staff.flightChange.reason', { reason: data.reason })}</Text>
            <Text size="sm">{t('staff.flightChange.booking', { code: data.bookingCode, amount: formatEuro(data.paid, lang) })}</Text>
            <List size="sm" mt="xs">
              {data.passengers.map((p) => (
                <List.Item key={p.ticketNr}>
                  {p.name} ({t('staff.flightChange.ticket', { nr: p.ticketNr })})
                </List.Item>
              ))}
            </List>
          </Card>
          {data.choice && (
            <FormAlert kind="success">
              <Text fw={700} span display="block">
                {t('staff.flightChange.doneTitle')}
              </Text>
              {data.choiceMessages?.[lang] ?? data.choiceText}
            </FormAlert>
          )}
          {!data.choice && data.expired && <FormAlert kind="error">{t('staff.flightChange.expired')}</FormAlert>}
          {!data.choice && !data.expired && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
              noValidate
            >
              {error && <FormAlert kind="error">{error}</FormAlert>}
              <Radio.Group
                value={picked}
                onChange={(value) => {
                  setPicked(value);
                  setPickError(null);
                }}
                error={pickError}
                label={
                  <Title order={2} size="h4">
                    {t('staff.flightChange.question')}
                  </Title>
                }
                required
              >
                <Stack gap="sm" mt="sm">
                  {data.offers.length > 0 ? (
                    <Radio value="move" label={t('staff.flightChange.move')} />
                  ) : (
                    <Text size="sm" c="gray.8">
                      {t('staff.flightChange.noOffers')}
                    </Text>
                  )}
                  {picked === 'move' && (
                    // The offers of the next days, earliest first, in one field: the other choices stay in view on a phone.
                    <NativeSelect
                      ml={32}
                      label={t('staff.flightChange.moveFlight')}
                      value={moveTo}
                      onChange={(e) => setOfferId(e.currentTarget.value)}
                      data={data.offers.map((o) => ({
                        value: String(o.flightId),
                        label: t('staff.flightChange.moveTo', {
                          code: o.code,
                          date: o.date,
                          departs: o.departs,
                          arrives: o.arrives,
                          seats: t('staff.flightChange.seats', { count: o.freeSeats }),
                        }),
                      }))}
                    />
                  )}
                  <Radio value="refund" label={t('staff.flightChange.refund', { amount: formatEuro(data.paid, lang) })} />
                  <Radio value="voucher" label={t('staff.flightChange.voucher', { amount: formatEuro(data.paid, lang), months: data.voucherValidMonths })} />
                </Stack>
              </Radio.Group>
              <Group mt="md">
                <Button type="submit" loading={mutation.isPending}>
                  {t('staff.flightChange.confirm')}
                </Button>
              </Group>
            </form>
          )}
        </Stack>
      )}
    </Page>
  );
}
