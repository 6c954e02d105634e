// The sheets of the Mantine components the app uses; the banners' sheet comes after them, with their container.
import './mantine.css';

import { MantineProvider } from '@mantine/core';
import { Outlet } from 'react-router';
import { Banners } from './Banners.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Layout route of every screen built with Mantine (accounts, booking, staff). Its stylesheet and
 * code load with those routes only: the public pages and the shell paint without them (decision
 * 007).
 */
export default function MantineLayout() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Banners />
      <Outlet />
    </MantineProvider>
  );
}
