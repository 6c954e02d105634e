import { can } from '@heliline/domain/roles';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useStoredUser } from '../../lib/stored-user.ts';
import { paths, usePageLang } from '../../lib/paths.ts';
import classes from './layout.module.css';
import { mainNav } from './nav-items.ts';

/** The burger's drawer: a native modal dialog; its own chunk, loaded on the first open. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const user = useStoredUser();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) dialog.showModal();
    if (!opened && dialog.open) dialog.close();
  }, [opened]);

  // The backdrop click is a pointer shortcut: keyboard users close the dialog with Esc (its own
  // cancel) or the close button, so it needs no key handler of its own.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id="mobile-menu"
      className={classes.drawer}
      aria-labelledby="mobile-menu-title"
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself.
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className={classes.drawerHead}>
        <span id="mobile-menu-title">{t('nav.menu')}</span>
        <button type="button" className={classes.closeButton} onClick={onClose} aria-label={t('nav.closeMenu')}>
          ×
        </button>
      </div>
      <nav aria-label={t('nav.main')}>
        <ul className={classes.drawerList}>
          {mainNav(lang).map((item) => (
            <li key={item.key}>
              <NavLink to={item.to} end={item.end} className={classes.drawerLink}>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={classes.drawerDivider} />
      {user ? (
        <ul className={classes.drawerList}>
          <li>
            <p className={classes.drawerEmail}>{user.email}</p>
          </li>
          <li>
            <NavLink to={paths.account} className={classes.drawerLink}>
              {t('nav.account')}
            </NavLink>
          </li>
          {can(user.roles, 'agencies.authorise') && (
            <li>
              <NavLink to={paths.agencies} className={classes.drawerLink}>
                {t('nav.agencies')}
              </NavLink>
            </li>
          )}
          {can(user.roles, 'flights.checkIn') && (
            <li>
              <NavLink to={paths.checkIn} className={classes.drawerLink}>
                {t('nav.checkIn')}
              </NavLink>
            </li>
          )}
          {can(user.roles, 'flights.cancel') && (
            <li>
              <NavLink to={paths.cancellations} className={classes.drawerLink}>
                {t('nav.cancellations')}
              </NavLink>
            </li>
          )}
          {can(user.roles, 'refunds.view') && (
            <li>
              <NavLink to={paths.refunds} className={classes.drawerLink}>
                {t('nav.refunds')}
              </NavLink>
            </li>
          )}
          {can(user.roles, 'reports.view') && (
            <li>
              <NavLink to={paths.reports} className={classes.drawerLink}>
                {t('nav.reports')}
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to={paths.logout} className={classes.drawerLink}>
              {t('nav.logout')}
            </NavLink>
          </li>
        </ul>
      ) : (
        <div className={classes.drawerButtons}>
          <Link to={paths.login} className="hl-button" data-variant="default">
            {t('nav.login')}
          </Link>
          <Link to={paths.signup} className="hl-button">
            {t('nav.signup')}
          </Link>
        </div>
      )}
    </dialog>
  );
}
