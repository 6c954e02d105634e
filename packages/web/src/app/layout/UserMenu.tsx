import type { TUser } from '@heliline/domain';
import { can } from '@heliline/domain/roles';
import {
  IconBuildingStore,
  IconChevronDown,
  IconCloudStorm,
  IconLogout,
  IconPlaneDeparture,
  IconReceiptRefund,
  IconReportMoney,
  IconTicket,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import classes from './layout.module.css';

/**
 * Logged-in account menu: a disclosure button and a list of links (the menu-button pattern
 * without roving focus: Tab moves through the links, Escape or a click outside closes it).
 */
export default function UserMenu({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { pathname } = useLocation();

  // A new page closes the menu (adjusted while rendering: no extra effect pass).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items = [
    { to: paths.account, label: t('nav.account'), icon: IconUserCircle },
    { to: paths.myTickets, label: t('nav.myTickets'), icon: IconTicket },
    ...(can(user.roles, 'agencies.authorise') ? [{ to: paths.agencies, label: t('nav.agencies'), icon: IconBuildingStore }] : []),
    ...(can(user.roles, 'flights.checkIn') ? [{ to: paths.checkIn, label: t('nav.checkIn'), icon: IconPlaneDeparture }] : []),
    ...(can(user.roles, 'flights.cancel') ? [{ to: paths.cancellations, label: t('nav.cancellations'), icon: IconCloudStorm }] : []),
    ...(can(user.roles, 'refunds.view') ? [{ to: paths.refunds, label: t('nav.refunds'), icon: IconReceiptRefund }] : []),
    ...(can(user.roles, 'reports.view') ? [{ to: paths.reports, label: t('nav.reports'), icon: IconReportMoney }] : []),
  ];
  return (
    <div ref={wrap} className={classes.userWrap}>
      <button
        ref={button}
        type="button"
        className={`hl-button ${classes.userButton}`}
        data-size="sm"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${t('nav.accountMenu')}: ${user.email}`}
        onClick={() => setOpen((o) => !o)}
      >
        <IconUserCircle size={18} aria-hidden />
        <span>{user.email}</span>
        <IconChevronDown size={14} aria-hidden />
      </button>
      <ul id={id} className={classes.userMenu} hidden={!open}>
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={classes.menuItem}>
              <Icon size={16} aria-hidden />
              {label}
            </Link>
          </li>
        ))}
        <li className={classes.menuDivider}>
          <Link to={paths.logout} className={classes.menuItem} data-danger>
            <IconLogout size={16} aria-hidden />
            {t('nav.logout')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
