import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

/** Green success / red error banners (spec §8). Mantine renders them with role="alert". */
export const notify = {
  success(message: string) {
    notifications.show({ color: 'green', message, icon: <IconCheck size={18} aria-hidden />, autoClose: 6000 });
  },
  error(message: string) {
    notifications.show({ color: 'red', message, icon: <IconAlertTriangle size={18} aria-hidden />, autoClose: 10000 });
  },
};
