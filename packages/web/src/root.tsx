import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './i18n/index.ts';

import { Button, ColorSchemeScript, Container, Group, MantineProvider, Stack, Text, Title, mantineHtmlProps } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { SiteShell } from './app/layout/SiteShell.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { LogoMark } from './components/Logo.tsx';
import { PageLoader } from './components/PageLoader.tsx';
import { queryClient } from './lib/query-client.ts';

/** The banners' container (and its transitions) load after the page; `notify` queues until then. */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function meta(): Route.MetaDescriptors {
  return [
    {
      name: 'description',
      content:
        'Heliline: voli di linea in elicottero tra Foggia, le Isole Tremiti, Vieste e Peschici. Scheduled helicopter flights between Foggia, the Tremiti Islands, Vieste and Peschici.',
    },
  ];
}

/** The document: providers live here so the error boundary renders inside them too. */
export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d2b57" />
        <ColorSchemeScript defaultColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
            <Suspense fallback={null}>
              <Notifications position="top-center" zIndex={1000} containerWidth={520} />
            </Suspense>
            {children}
          </MantineProvider>
        </QueryClientProvider>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** First load of a route whose clientLoader is still running (e.g. the user check of /account). */
export function HydrateFallback() {
  return (
    <SiteShell>
      <title>Heliline</title>
      <PageLoader />
    </SiteShell>
  );
}

/** Any uncaught render or loader failure: a friendly page with a way out. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <Container size="sm" py={80}>
      <title>{`${t('errors.boundaryTitle')} · Heliline`}</title>
      <Stack align="center" ta="center" gap="md">
        <LogoMark size={64} />
        <Title order={1} c="navy.9">
          {t('errors.boundaryTitle')}
        </Title>
        <Text size="lg">{t('errors.boundaryText')}</Text>
        {status ? <Text c="dimmed">HTTP {status}</Text> : null}
        <Group justify="center">
          <Button onClick={() => window.location.reload()} variant="default">
            {t('errors.reload')}
          </Button>
          <Button component="a" href="/">
            {t('common.backHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
