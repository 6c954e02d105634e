import { can } from '@heliline/domain/roles';
import { Badge, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client.ts';
import { Forbidden } from '../../../components/Forbidden.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { requireUser } from '../../../lib/guards.ts';
import { notify } from '../../../lib/notify.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { type AdminAgency, type AgencyFilter, agenciesQuery, authoriseAgency } from '../api.ts';
import { TEXT_COLOR } from '../../../components/text-colors.ts';
import type { Route } from './+types/agencies';

/** Anonymous -> /login; logged in without the Admin role -> a 403 message. */
export async function clientLoader() {
  return { user: await requireUser() };
}

function formatDate(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' }).format(d);
}

export default function Agencies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!can(loaderData.user.roles, 'agencies.authorise')) return <Forbidden title={t('titles.agencies')} />;
  return <AgenciesTable />;
}

function AgenciesTable() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [filter, setFilter] = useState<AgencyFilter>('pending');
  const [confirming, setConfirming] = useState<AdminAgency | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery(agenciesQuery(filter));

  const authorise = useMutation({
    mutationFn: (agency: AdminAgency) => authoriseAgency(agency.id),
    onMutate: () => setDone(null),
    onSuccess: (answer) => {
      const text = messageOf(answer, lang) ?? t('agencies.authorised');
      setDone(text);
      notify.success(text);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'agencies'] });
    },
    onError: (error) => {
      notify.error(errorText(error, t, lang));
      setConfirming(null);
    },
  });

  const rows = list.data ?? [];

  return (
    <Page title={t('titles.agencies')} size="xl">
      <Text c="dimmed" mb="md">
        {t('agencies.intro')}
      </Text>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      <Group mb="md" gap="sm">
        <Text size="sm" fw={600} id="agency-filter-label">
          {t('agencies.filter')}
        </Text>
        <SegmentedControl
          aria-labelledby="agency-filter-label"
          value={filter}
          onChange={(v) => setFilter(v === 'all' ? 'all' : 'pending')}
          data={[
            { value: 'pending', label: t('agencies.pending') },
            { value: 'all', label: t('agencies.all') },
          ]}
        />
      </Group>

      {list.isError && <FormAlert kind="error">{errorText(list.error, t, lang)}</FormAlert>}

      {list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : rows.length === 0 && !list.isError ? (
        <Text role="status" c="dimmed" py="lg">
          {filter === 'pending' ? t('agencies.emptyPending') : t('agencies.emptyAll')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" withTableBorder>
            <caption className="visually-hidden">{t('agencies.tableCaption')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('agencies.company')}</Table.Th>
                <Table.Th>{t('agencies.vat')}</Table.Th>
                <Table.Th>{t('agencies.email')}</Table.Th>
                <Table.Th>{t('agencies.city')}</Table.Th>
                <Table.Th>{t('agencies.phone')}</Table.Th>
                <Table.Th>{t('agencies.registeredOn')}</Table.Th>
                <Table.Th>{t('agencies.verified')}</Table.Th>
                <Table.Th>{t('agencies.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td fw={600}>{a.company_name}</Table.Td>
                  <Table.Td ff="monospace">{a.vat}</Table.Td>
                  <Table.Td>{a.email}</Table.Td>
                  <Table.Td>{a.city ?? t('common.notSet')}</Table.Td>
                  <Table.Td>{a.telephone ?? t('common.notSet')}</Table.Td>
                  <Table.Td>{formatDate(a.created_at, lang)}</Table.Td>
                  <Table.Td>
                    <Badge color={a.verified ? TEXT_COLOR.ok : TEXT_COLOR.muted} variant="outline">
                      {a.verified ? t('common.yes') : t('common.no')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {a.is_agency_auth ? (
                      <Badge color={TEXT_COLOR.ok} leftSection={<IconCheck size={12} aria-hidden />}>
                        {t('agencies.authorised')}
                      </Badge>
                    ) : (
                      <Button size="xs" onClick={() => setConfirming(a)} aria-label={t('agencies.authoriseLabel', { company: a.company_name })}>
                        {t('agencies.authorise')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('agencies.confirmTitle')} centered>
        {confirming && (
          <Stack>
            <Text>{t('agencies.confirmText', { company: confirming.company_name, email: confirming.email })}</Text>
            {!confirming.verified && (
              <Text c="orange.8" size="sm">
                {t('agencies.confirmUnverified')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={authorise.isPending}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => authorise.mutate(confirming)} loading={authorise.isPending}>
                {t('agencies.authorise')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}
