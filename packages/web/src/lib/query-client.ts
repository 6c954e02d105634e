import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** One client for the app; route clientLoaders read through it too (guards). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; network hiccups and 5xx get one more try.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
