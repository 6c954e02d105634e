import { Group, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from './realtime.ts';
import { TEXT_COLOR } from '../../../components/text-colors.ts';

const LOOK: Record<ConnectionStatus, { color: string; Icon: typeof IconRefresh }> = {
  connecting: { color: 'gray.8', Icon: IconRefresh },
  connected: { color: TEXT_COLOR.ok, Icon: IconPlugConnected },
  reconnecting: { color: TEXT_COLOR.warn, Icon: IconRefresh },
  denied: { color: TEXT_COLOR.danger, Icon: IconPlugConnectedX },
};

/** Whether the list updates live: an icon and words (never colour alone). A status region, so a change is read out. */
export function LiveStatus({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[status];
  return (
    <Group gap={6} wrap="nowrap" role="status" data-testid="live-status" data-status={status}>
      <Icon size={18} aria-hidden color={color.startsWith('#') ? color : `var(--mantine-color-${color.replace('.', '-')})`} />
      <Text size="sm" c={color} fw={600}>
        {t(`staff.failed.live.${status}`)}
      </Text>
    </Group>
  );
}
