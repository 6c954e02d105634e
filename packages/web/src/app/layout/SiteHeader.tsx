import { can } from '@heliline/domain/roles';
import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useMe } from '../../api/session.ts';
import { Logo } from '../../components/Logo.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { paths } from '../../lib/paths.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import classes from './layout.module.css';
import { mainNav } from './nav-items.ts';

export function SiteHeader() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const me = useMe();
  const user = me.data;
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
            onClick={toggle}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls="mobile-menu"
            color="var(--mantine-color-navy-9)"
          />
        </Group>
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(340px, 88vw)"
        title={<Text fw={700} c="navy.9">{t('nav.menu')}</Text>}
        id="mobile-menu"
        hiddenFrom="lg"
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <nav aria-label={t('nav.main')}>
          <Stack gap={2}>
            {items.map((item) => (
              <NavLink key={item.key} to={item.to} end={item.end} className={classes.drawerLink}>
                {t(item.key)}
              </NavLink>
            ))}
          </Stack>
        </nav>
        <Divider my="md" />
        {user ? (
          <Stack gap={2}>
            <Text size="sm" c="dimmed" px={14} mb={4} truncate>
              {user.email}
            </Text>
            <NavLink to={paths.account} className={classes.drawerLink}>
              {t('nav.account')}
            </NavLink>
            {can(user.roles, 'agencies.authorise') && (
              <NavLink to={paths.agencies} className={classes.drawerLink}>
                {t('nav.agencies')}
              </NavLink>
            )}
            <NavLink to={paths.logout} className={classes.drawerLink}>
              {t('nav.logout')}
            </NavLink>
          </Stack>
        ) : (
          <Group grow>
            <Button component={Link} to={paths.login} variant="default">
              {t('nav.login')}
            </Button>
            <Button component={Link} to={paths.signup}>
              {t('nav.signup')}
            </Button>
          </Group>
        )}
      </Drawer>
    </header>
  );
}
