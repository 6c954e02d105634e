import { IconBroadcast } from '@tabler/icons-react';
import i18n from '../../../i18n/index.ts';
import { withNotifications } from '../../../lib/notify.tsx';

/**
 * A visible toast for a live-channel notice. Screen readers get the same text once, from the
 * page's polite LiveAnnouncer, so the toast is not a live region itself (Mantine's default
 * role="alert" would read it a second time, and assertively).
 */
export function showLiveToast(message: string): void {
  withNotifications((n) =>
    n.show({
      color: 'blue',
      message,
      icon: <IconBroadcast size={18} aria-hidden />,
      autoClose: 6000,
      role: 'none',
      'data-kind': 'live',
      closeButtonProps: { 'aria-label': i18n.t('staff.close') },
    }),
  );
}
