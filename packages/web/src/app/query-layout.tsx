import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

/**
 * Layout route of the app screens (accounts, booking, staff): TanStack Query (Mantine comes
 * with app/mantine-layout.tsx, around this one). Public pages never load either.
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
