import { Paper, Text, ThemeIcon, Group } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Page } from './Page.tsx';

/** A page that a later release fills: its title and one line naming what comes there. */
export function Placeholder({ title, line, children }: { title: string; line: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      <Paper withBorder p="lg" radius="md" bg="navy.0">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="sky" size="lg" radius="xl" aria-hidden>
            <IconTools size={20} />
          </ThemeIcon>
          <Text size="lg" c="navy.9">
            {line}
          </Text>
        </Group>
      </Paper>
      {children}
    </Page>
  );
}
