import { SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';

/** A SegmentedControl with a visible label it is named by (Mantine's has none of its own). */
export function LabeledSegments<T extends string>({
  label,
  value,
  onChange,
  data,
  fullWidth,
}: {
  label: string;
  value: T;
  onChange: (v: T) => void;
  data: { value: T; label: string }[];
  fullWidth?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Text component="span" id={id} fw={600} size="sm" display="block" mb={4}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} fullWidth={fullWidth} value={value} onChange={(v) => onChange(v as T)} data={data} />
    </div>
  );
}
