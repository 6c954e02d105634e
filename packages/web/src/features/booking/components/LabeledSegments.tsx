import { Text } from '@mantine/core';
import { useId } from 'react';
import classes from './LabeledSegments.module.css';

/**
 * A choice of two or three, side by side and named by its visible label: native radios (the
 * arrows move the choice, a screen reader hears a radio group), drawn as segments. Mantine's
 * SegmentedControl looked the same and added to step 1's first load (decision 023).
 */
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
      <div role="radiogroup" aria-labelledby={id} className={fullWidth ? `${classes.group} ${classes.full}` : classes.group}>
        {data.map((option) => (
          <label key={option.value} className={classes.segment}>
            <input type="radio" name={id} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className={classes.input} />
            <span className={classes.text}>{option.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
