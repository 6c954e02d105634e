import { can } from '@heliline/domain/roles';
import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useMe } from '../../api/session.ts';
import { useLang } from '../../i18n/use-lang.ts';
import { paths } from '../../lib/paths.ts';
import classes from './layout.module.css';
import { mainNav } from './nav-items.ts';

/** The burger's drawer; its own chunk, loaded on the first open. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const user = useMe().data;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(340px, 88vw)"
      title={
        <Text fw={700} c="navy.9">
          {t('nav.menu')}
        </Text>
      }
      id="mobile-menu"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <nav aria-label={t('nav.main')}>
        <Stack gap={2}>
          {mainNav(lang).map((item) => (
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
  );
}
