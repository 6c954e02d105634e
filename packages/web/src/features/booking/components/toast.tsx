import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import i18n from '../../../i18n/index.ts';

/**
 * The wizard's notifications (spec §8: validation problems are warning notifications). Like
 * lib/notify but with a named close button, which axe requires (lib/notify's has no name yet).
 */
function show(color: string, message: string, icon: React.ReactNode, autoClose: number) {
  notifications.show({ color, message, icon, autoClose, closeButtonProps: { 'aria-label': i18n.t('wizard.close') } });
}

export const toast = {
  success: (message: string) => show('green', message, <IconCheck size={18} aria-hidden />, 6000),
  error: (message: string) => show('red', message, <IconAlertTriangle size={18} aria-hidden />, 10000),
  warning: (message: string) => show('orange', message, <IconAlertTriangle size={18} aria-hidden />, 10000),
};
