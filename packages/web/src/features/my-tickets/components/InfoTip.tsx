import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A tooltip reachable by keyboard and read by screen readers: the trigger is a focusable button
 * whose name carries the whole text (not hover-only); the visual bubble opens on hover, focus and touch.
 */
export function InfoTip({ label, text, icon, color = 'gray', testId }: { label: string; text: string; icon: ReactNode; color?: string; testId?: string }) {
  return (
    <Tooltip label={text} events={{ hover: true, focus: true, touch: true }} multiline maw={280} withinPortal>
      <ActionIcon variant="subtle" color={color} size={28} aria-label={label} data-testid={testId}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
