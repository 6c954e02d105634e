import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { REDIRECT_SECONDS } from '../wizard/staff.ts';

/**
 * State 40 after a cash or operator-account booking (spec §4): the receipt opens after a
 * 3-second countdown; the link takes there at once.
 */
export function ReceiptCountdown({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      void navigate(path);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, path]);
  return (
    <Paper withBorder p="xl" ta="center" data-testid="receipt-countdown">
      <Stack align="center">
        <Loader aria-hidden />
        <Title order={2} size="h3">
          {t('wizard.state40.receiptTitle')}
        </Title>
        <Text role="status">{t('wizard.state40.receiptIn', { count: Math.max(left, 0) })}</Text>
        <Button component={Link} to={path} size="md">
          {t('wizard.state40.receiptLink')}
        </Button>
      </Stack>
    </Paper>
  );
}
