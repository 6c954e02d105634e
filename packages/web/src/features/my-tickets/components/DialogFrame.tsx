import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A Mantine modal (focus trapped, labelled by its title) whose header is not a second banner
 * landmark: Mantine renders it as <header> inside a div dialog (axe landmark-no-duplicate-banner).
 */
export function DialogFrame({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalRootProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('tickets.pax.cancel')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
