import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useFailedCount } from '../api/blocked-seats.ts';

/** Staff wizard: how many bookings failed in the last 24 hours, with the way to them (spec §2 step 0). */
export function FailedBookingsBanner() {
  const { t } = useTranslation();
  const count = useFailedCount(true);
  if (count.data === undefined) return null;
  return (
    <Alert color={count.data > 0 ? 'orange' : 'gray'} variant="light" icon={<IconAlertTriangle aria-hidden />} mb="md" data-testid="failed-banner">
      <Text size="sm">
        {t('wizard.failedBanner.text', { count: count.data })}{' '}
        <Anchor component={Link} to={paths.bookingsFailed} underline="always" c="navy.9" fw={600}>
          {t('wizard.failedBanner.link')}
        </Anchor>
      </Text>
    </Alert>
  );
}
