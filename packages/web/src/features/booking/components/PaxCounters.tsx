import { ActionIcon, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard/issue-fields.ts';
import type { CountKey, Counts } from '../wizard/state.ts';

const KEYS: readonly CountKey[] = ['men', 'women', 'children', 'infants'];

/** Plus/minus counters for the four passenger kinds, and their total (spec §2 step 1). */
export function PaxCounters({
  counts,
  onChange,
  minimum,
  errors,
}: {
  counts: Counts;
  /** Counter key (`men`…) → the last validation's messages about it. */
  errors: ReadonlyMap<string, string>;
  onChange: (key: CountKey, value: number) => void;
  /** A counter may not go below this (e.g. the account holder's own passenger). */
  minimum: (key: CountKey) => number;
}) {
  const { t } = useTranslation();
  const total = KEYS.reduce((n, k) => n + counts[k], 0);
  return (
    <div>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {KEYS.map((k) => (
          <Counter
            key={k}
            label={t(`wizard.step1.count.${k}`)}
            hint={t(`wizard.step1.countHint.${k}`)}
            value={counts[k]}
            min={minimum(k)}
            domId={fieldId(k)}
            error={errors.get(k)}
            onChange={(v) => onChange(k, v)}
          />
        ))}
      </SimpleGrid>
      <Text mt="xs" fw={700} aria-live="polite">
        {t('wizard.step1.total', { n: total })}
      </Text>
    </div>
  );
}

function Counter({
  label,
  hint,
  value,
  min,
  domId,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  min: number;
  domId: string;
  error?: string;
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Paper
      withBorder
      p="xs"
      role="group"
      id={domId}
      aria-labelledby={`${id}-l`}
      aria-describedby={error ? `${id}-h ${id}-e` : `${id}-h`}
      style={error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      <Text id={`${id}-l`} fw={600} size="sm">
        {label}
      </Text>
      <Text id={`${id}-h`} size="xs" c="dimmed">
        {hint}
      </Text>
      {error && (
        <Text id={`${id}-e`} size="xs" c="red.8">
          {error}
        </Text>
      )}
      <Group gap="xs" mt={6} wrap="nowrap" justify="space-between">
        <ActionIcon variant="light" size="lg" aria-label={t('wizard.step1.remove', { what: label })} disabled={value <= min} onClick={() => onChange(value - 1)}>
          <IconMinus size={18} aria-hidden />
        </ActionIcon>
        <Text component="output" fw={700} fz="lg" miw={24} ta="center" aria-live="polite" aria-label={`${label}: ${value}`}>
          {value}
        </Text>
        <ActionIcon variant="light" size="lg" aria-label={t('wizard.step1.add', { what: label })} disabled={value >= 9} onClick={() => onChange(value + 1)}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
