import type { TUser } from '@heliline/domain';
import { can } from '@heliline/domain/roles';
import { Menu } from '@mantine/core';
import { IconBuildingStore, IconLogout, IconTicket, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { UserButton } from './UserButton.tsx';

/** Logged-in account menu; its own chunk (Menu brings the floating-ui positioning code). */
export default function UserMenu({ user }: { user: TUser }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={230} shadow="md">
      <Menu.Target>
        <UserButton email={user.email} />
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
