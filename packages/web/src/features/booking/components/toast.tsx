import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import i18n from '../../../i18n/index.ts';
import { withNotifications } from '../../../lib/notify.tsx';

/**
 * The wizard's notifications (spec §8: validation problems are warning notifications): like
 * lib/notify, plus warnings that replace each other so they never pile up.
 */
function show(color: string, message: React.ReactNode, icon: React.ReactNode, autoClose: number, id?: string) {
  withNotifications((n) => n.show({ id, color, message, icon, autoClose, closeButtonProps: { 'aria-label': i18n.t('wizard.close') } }));
}

function hide(id: string | null) {
  if (id) withNotifications((n) => n.hide(id));
}

/** One warning per validation attempt: the previous attempt's goes away, so they never pile up. */
let lastWarning: string | null = null;

export const toast = {
  /** The step validated: its old warning no longer applies. */
  clearWarning: () => {
    hide(lastWarning);
    lastWarning = null;
  },
  success: (message: string) => show('green', message, <IconCheck size={18} aria-hidden />, 6000),
  error: (message: string) => show('red', message, <IconAlertTriangle size={18} aria-hidden />, 10000),
  warning: (messages: readonly string[]) => {
    hide(lastWarning);
    const body = messages.length === 1 ? messages[0] : messages.map((m) => <div key={m}>{m}</div>);
    // A new id each time: Mantine ignores a show() whose id is still closing.
    lastWarning = `wizard-warning-${Date.now()}`;
    show('orange', body, <IconAlertTriangle size={18} aria-hidden />, 10000, lastWarning);
  },
};
