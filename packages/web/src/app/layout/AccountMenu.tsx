import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useStoredUser } from '../../lib/stored-user.ts';

const UserMenu = lazy(() => import('./UserMenu.tsx'));

/** Desktop account area: login/sign-up, or a menu with account, tickets, agencies (Admin) and logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useStoredUser();
  if (!user) {
    return (
      <div style={{ display: 'flex', gap: 8 }}>
        <Link to={paths.login} className="hl-button" data-variant="subtle" data-size="sm">
          {t('nav.login')}
        </Link>
        <Link to={paths.signup} className="hl-button" data-size="sm">
          {t('nav.signup')}
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <UserMenu user={user} />
    </Suspense>
  );
}
