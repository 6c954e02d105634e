import type { TUser } from '@heliline/domain';
import { MESSAGES } from '@heliline/domain/i18n/messages';
import { Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, messageOf } from '../../../api/client.ts';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useAnnounce } from '../../../components/LiveAnnouncer.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { deleteAccount, downloadPersonalData } from '../privacy-api.ts';

/**
 * "Your data" on the account page (GDPR): download everything kept about the account as a JSON
 * file, and delete the account after re-entering the password, with its consequences spelled
 * out (docs/decisions/016). Staff accounts are closed by an administrator: no delete button.
 */
export function YourDataSection({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const announce = useAnnounce();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);

  const download = useMutation({
    mutationFn: downloadPersonalData,
    onSuccess: (name) => announce(t('privacy.downloaded', { name })),
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="xl" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} id={headingId} c="navy.9" fz={{ base: 22, sm: 26 }}>
          {t('privacy.title')}
        </Title>
        <Text>{t('privacy.exportText')}</Text>
        {download.isError && <FormAlert kind="error">{errorText(download.error, t, lang)}</FormAlert>}
        <Group>
          <Button leftSection={<IconDownload aria-hidden size={18} />} variant="light" loading={download.isPending} onClick={() => download.mutate()}>
            {t('privacy.download')}
          </Button>
        </Group>

        <Title order={3} fz="lg" c="navy.9" mt="md">
          {t('privacy.deleteTitle')}
        </Title>
        {user.roles.length > 0 ? (
          <Text>{MESSAGES.accountDeletionStaffRefused[lang]}</Text>
        ) : (
          <>
            <Text>{t('privacy.deleteText')}</Text>
            <Group>
              <Button color="red.8" variant="outline" leftSection={<IconTrash aria-hidden size={18} />} onClick={() => setConfirming(true)}>
                {t('privacy.deleteOpen')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <DeleteAccountDialog opened={confirming} onClose={() => setConfirming(false)} />
    </Paper>
  );
}

/** The confirmation: what happens, the password, then the deletion (errors next to the field). */
function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const remove = useMutation({
    mutationFn: () => deleteAccount({ current_password: password }),
    onMutate: () => setFieldError(null),
    onSuccess: (answer) => {
      notify.success(messageOf(answer, lang) ?? MESSAGES.accountDeleted[lang]);
      // The login page (an app screen, so the notice survives the navigation): the way back in no longer works.
      navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setFieldError(error.firstFieldError('current_password') ?? errorText(error, t, lang));
    },
  });
  const bannerError = remove.isError && !(remove.error instanceof ApiError && remove.error.status === 422) ? errorText(remove.error, t, lang) : null;

  const close = () => {
    if (remove.isPending) return;
    setPassword('');
    setFieldError(null);
    remove.reset();
    onClose();
  };

  return (
    <Modal.Root opened={opened} onClose={close} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* role="none": Mantine's <header> would be a second banner landmark (axe landmark-no-duplicate-banner). */}
        <Modal.Header role="none">
          <Modal.Title fw={700} fz="lg">
            {t('privacy.confirmTitle')}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('privacy.close')} />
        </Modal.Header>
        <Modal.Body>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!password) return setFieldError(MESSAGES.currentPasswordRequired[lang]);
              remove.mutate();
            }}
          >
            <Stack>
              <Text fw={600}>{t('privacy.consequencesIntro')}</Text>
              <List spacing="xs">
                <List.Item>{t('privacy.consequenceLogin')}</List.Item>
                <List.Item>{t('privacy.consequenceData')}</List.Item>
                <List.Item>{t('privacy.consequenceTax')}</List.Item>
                <List.Item>{t('privacy.consequenceTickets')}</List.Item>
                <List.Item>{t('privacy.consequenceIrreversible')}</List.Item>
              </List>
              {bannerError && <FormAlert kind="error">{bannerError}</FormAlert>}
              <PasswordInput
                label={t('privacy.password')}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldError}
                data-autofocus
                visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={remove.isPending}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" color="red.8" loading={remove.isPending}>
                  {t('privacy.deleteConfirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
