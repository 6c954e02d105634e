import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRefundNumber, stepperValue } from '../logic/stepper.ts';

/**
 * The number stepper of spec §5: typed text that is not a number becomes 0 on leaving the field,
 * negatives are refused, an optional maximum caps the value; − and + buttons step by `step`.
 * While the typed text is not digits with an optional '.decimals', the hint says so (spec §5).
 */
export function NumberStepper({ label, value, onChange, max, step = 1 }: { label: string; value: number; onChange: (v: number) => void; max?: number; step?: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const commit = (input: string | number) => {
    onChange(stepperValue(input, value, max));
    setText(null);
  };
  const hint = text !== null && !isRefundNumber(text) ? t('tickets.edit.numbersOnly') : undefined;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <ActionIcon variant="default" size={28} aria-label={t('tickets.edit.decrease', { label })} onClick={() => commit(Math.max(0, value - step))}>
        <IconMinus size={14} aria-hidden />
      </ActionIcon>
      <TextInput
        aria-label={label}
        inputMode="decimal"
        w={hint ? 150 : 72}
        error={hint}
        value={text ?? String(value)}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => text !== null && commit(text)}
        onKeyDown={(e) => e.key === 'Enter' && text !== null && commit(text)}
      />
      <ActionIcon variant="default" size={28} aria-label={t('tickets.edit.increase', { label })} onClick={() => commit(value + step)}>
        <IconPlus size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
