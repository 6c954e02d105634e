import { Alert, Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths, SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '../../../lib/paths.ts';
import { AuthCard } from '../components/AuthCard.tsx';

/** /login/{google|facebook|twitter}: social login is a link only; nothing is configured behind it. */
export default function SocialLogin() {
  const { t } = useTranslation();
  const { provider = '' } = useParams();
  if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) return <Navigate to={paths.login} replace />;
  const name = SOCIAL_PROVIDER_NAMES[provider as SocialProvider];
  return (
    <AuthCard title={t('titles.socialLogin', { provider: name })}>
      <Alert color="sky" icon={<IconInfoCircle aria-hidden />} mb="md" role="status">
        {t('socialLogin.text', { provider: name })}
      </Alert>
      <Text mb="lg">{t('socialLogin.hint')}</Text>
      <Button component={Link} to={paths.login} fullWidth>
        {t('common.backToLogin')}
      </Button>
    </AuthCard>
  );
}
