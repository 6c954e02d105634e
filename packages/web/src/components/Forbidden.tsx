import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Page } from './Page.tsx';

/** Logged in but not allowed (403): say so, do not redirect. */
export function Forbidden({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Alert color="red" icon={<IconLock aria-hidden />} title={t('errors.forbiddenTitle')} role="alert">
        {t('errors.forbiddenText')}
      </Alert>
    </Page>
  );
}
