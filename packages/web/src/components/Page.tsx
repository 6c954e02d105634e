import { Container, type ContainerProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageProps {
  /** Shown as the h1 and in the document title. */
  title: string;
  /** A different h1 than the document title, when needed. */
  heading?: ReactNode;
  size?: ContainerProps['size'];
  children?: ReactNode;
}

/** A page body: document title (React 19 hoists <title> into <head>), h1 and content. */
export function Page({ title, heading, size = 'lg', children }: PageProps) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }}>
      <title>{`${title} · Heliline`}</title>
      <Title order={1} mb="lg" c="navy.9" fz={{ base: 28, sm: 34 }}>
        {heading ?? title}
      </Title>
      {children}
    </Container>
  );
}
