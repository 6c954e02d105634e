import { type MantineSpacing, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways at phone width. The scroll box is a named region that takes
 * focus, so keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollTable({ label, minWidth, mb = 'lg', children }: { label: string; minWidth: number; mb?: MantineSpacing; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" mb={mb} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
