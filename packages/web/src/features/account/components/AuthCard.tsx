import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Narrow centred card for the login, password and pending screens. */
export function AuthCard({ title, intro, children, size = 460 }: { title: string; intro?: ReactNode; children: ReactNode; size?: number }) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 48 }}>
      <title>{`${title} · Heliline`}</title>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Title order={1} c="navy.9" fz={{ base: 26, sm: 30 }} mb={intro ? 6 : 'lg'}>
          {title}
        </Title>
        {intro ? (
          <Text c="dimmed" mb="lg">
            {intro}
          </Text>
        ) : null}
        {children}
      </Paper>
    </Container>
  );
}
