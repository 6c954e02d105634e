import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route's data (e.g. the logged-in user) loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={320} role="status" aria-live="polite">
      <Loader color="navy" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </Center>
  );
}
