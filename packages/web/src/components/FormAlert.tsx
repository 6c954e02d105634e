import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** In-page red/green banner, announced to screen readers. */
export function FormAlert({ kind, children, title }: { kind: 'error' | 'success'; children: ReactNode; title?: ReactNode }) {
  const error = kind === 'error';
  return (
    <Alert
      color={error ? 'red' : 'green'}
      variant="light"
      icon={error ? <IconAlertTriangle aria-hidden /> : <IconCircleCheck aria-hidden />}
      title={title}
      role={error ? 'alert' : 'status'}
      mb="md"
    >
      {children}
    </Alert>
  );
}
