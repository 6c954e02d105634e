import { Button, Group, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/session.ts';
import { paths } from '../../lib/paths.ts';
import { UserButton } from './UserButton.tsx';

const UserMenu = lazy(() => import('./UserMenu.tsx'));

/** Desktop account area: login/sign-up, or a menu with account, tickets, agencies (Admin) and logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const me = useMe();

  if (me.isPending) return <Skeleton height={34} width={150} radius="md" aria-hidden />;

  const user = me.data;
  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to={paths.login} variant="subtle" size="sm">
          {t('nav.login')}
        </Button>
        <Button component={Link} to={paths.signup} size="sm">
          {t('nav.signup')}
        </Button>
      </Group>
    );
  }
  return (
    <Suspense fallback={<UserButton email={user.email} disabled />}>
      <UserMenu user={user} />
    </Suspense>
  );
}
