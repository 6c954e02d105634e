import { can } from '@heliline/domain/roles';
import { Button, Group, Menu, Skeleton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLogout, IconTicket, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/session.ts';
import { paths } from '../../lib/paths.ts';

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
    <Menu position="bottom-end" width={230} shadow="md">
      <Menu.Target>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${t('nav.accountMenu')}: ${user.email}`}
          maw={240}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{user.email}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.account} leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('nav.account')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.myTickets} leftSection={<IconTicket size={16} aria-hidden />}>
          {t('nav.myTickets')}
        </Menu.Item>
        {can(user.roles, 'agencies.authorise') && (
          <Menu.Item component={Link} to={paths.agencies} leftSection={<IconBuildingStore size={16} aria-hidden />}>
            {t('nav.agencies')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.logout} color="red" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
