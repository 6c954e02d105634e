import { Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';

/** Whether a staff list has room for its table (48em and up); below, it shows cards. */
export const useWideLayout = () => useMediaQuery('(min-width: 48em)', true);

/**
 * A staff list on a phone: one card (an `li`) per row instead of a table that scrolls sideways,
 * under a visible caption that also names the list for screen readers.
 */
export function CardList({ caption, testId, children }: { caption: string; testId?: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div data-testid={testId}>
      <Text id={captionId} fw={600} mb="xs">
        {caption}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} mb="md" style={{ listStyle: 'none' }} aria-labelledby={captionId}>
        {children}
      </Stack>
    </div>
  );
}
