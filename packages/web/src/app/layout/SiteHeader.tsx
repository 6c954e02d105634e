import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { paths } from '../../lib/paths.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import classes from './layout.module.css';
import { mainNav } from './nav-items.ts';

const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

export function SiteHeader() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code loads on the first open and stays mounted for its closing transition.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const location = useLocation();
  const items = mainNav(lang);

  // Close the mobile menu whenever the page changes.
  useEffect(() => close(), [location.pathname, close]);

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Link to={paths.home} className={classes.brand} aria-label={t('app.homeLink')}>
          <Logo />
        </Link>

        <Box component="nav" aria-label={t('nav.main')} visibleFrom="lg">
          <ul className={classes.nav} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end={item.end} className={classes.navLink}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </Box>

        <Group gap="sm" wrap="nowrap" visibleFrom="lg">
          <LanguageSwitch />
          <AccountMenu />
        </Group>

        <Group gap="xs" hiddenFrom="lg" wrap="nowrap">
          <LanguageSwitch />
          <Burger
            opened={opened}
            onClick={() => {
              setMenuLoaded(true);
              toggle();
            }}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls={menuLoaded ? 'mobile-menu' : undefined}
            color="var(--mantine-color-navy-9)"
          />
        </Group>
      </Container>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} />
        </Suspense>
      )}
    </header>
  );
}
