import { Fieldset } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of form fields (a <fieldset> with its <legend> as the section heading). */
export function Section({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      styles={{
        legend: {
          fontWeight: 700,
          fontSize: 'var(--mantine-font-size-lg)',
          color: 'var(--mantine-color-navy-9)',
          marginBottom: 'var(--mantine-spacing-sm)',
        },
      }}
    >
      {children}
    </Fieldset>
  );
}
