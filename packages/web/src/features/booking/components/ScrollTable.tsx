import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways at phone width. Without focusable cells the scroll box itself
 * takes focus (a named region), so keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" mb="lg" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
