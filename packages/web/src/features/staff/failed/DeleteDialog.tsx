import type { TFailedBooking } from '@heliline/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEXT_COLOR } from '../../../components/text-colors.ts';

/** Confirmation before removing a booking; says when its seats go back on sale. */
export function DeleteDialog({
  row,
  deleting,
  onCancel,
  onConfirm,
}: {
  row: TFailedBooking | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (row: TFailedBooking) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={row !== null}
      onClose={onCancel}
      title={row ? t('staff.failed.confirmTitle', { code: row.code }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('staff.close') }}
    >
      {row && (
        <Stack>
          <Text>{t('staff.failed.confirmText')}</Text>
          {row.pending && (
            <Text c={TEXT_COLOR.warn} fw={600}>
              {t('staff.failed.confirmPending')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color={TEXT_COLOR.danger} onClick={() => onConfirm(row)} loading={deleting}>
              {t('staff.failed.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
