import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard/issue-fields.ts';

/**
 * Blocking seats is the orange action. Mantine's orange.9 carries white text at 4.3:1; a tenth
 * darker it is 5.1:1. (A light button names no shade: Mantine 9 paints "light" with a shade as a
 * solid background under the light text colour, which hid the label.)
 */
const BLOCK_COLOR = '#c3410e';

/**
 * Step 2, staff (spec §2 step 2): block the chosen flights' seats without a payment. Closed, a
 * button opens it; open, a reason and the confirm button that stores the blocked booking (type 4).
 * The wizard hides Next while it is open.
 */
export function BlockSeatsPanel({
  open,
  onOpen,
  onClose,
  reason,
  onReason,
  error,
  onConfirm,
  saving,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  reason: string;
  onReason: (reason: string) => void;
  error: string | undefined;
  onConfirm: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // Opening the panel moves the focus to the reason, the one thing to type.
  useEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <Group justify="flex-end" mb="md">
        <Button variant="light" color="orange" leftSection={<IconLock size={18} aria-hidden />} onClick={onOpen}>
          {t('wizard.block.open')}
        </Button>
      </Group>
    );
  }
  return (
    <Paper withBorder p="md" mb="md" data-testid="block-seats">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('wizard.block.title')}
        </Title>
        <Text size="sm">{t('wizard.block.text')}</Text>
        <Textarea
          id={fieldId('blockReason')}
          label={t('wizard.block.reason')}
          required
          autosize
          minRows={2}
          maxLength={255}
          value={reason}
          onChange={(e) => onReason(e.currentTarget.value)}
          error={error}
          ref={reasonRef}
        />
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconX size={18} aria-hidden />} onClick={onClose} disabled={saving}>
            {t('wizard.block.cancel')}
          </Button>
          <Button color={BLOCK_COLOR} leftSection={<IconLock size={18} aria-hidden />} onClick={onConfirm} loading={saving}>
            {t('wizard.block.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Step 1 after a seat block (spec §4 block-confirmed): the confirmation, until closed. */
export function BlockConfirmedPanel({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" mb="lg" bg="green.0" data-testid="block-confirmed" role="status">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>{t('wizard.block.confirmedTitle')}</Text>
          <Text size="sm">{t('wizard.block.confirmedText', { code })}</Text>
        </div>
        <Button variant="subtle" size="compact-md" onClick={onClose} leftSection={<IconX size={16} aria-hidden />}>
          {t('wizard.close')}
        </Button>
      </Group>
    </Paper>
  );
}
