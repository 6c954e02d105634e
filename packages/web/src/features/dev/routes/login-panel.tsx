import { MESSAGES } from '@heliline/domain/i18n/messages';
import { Alert, Button, Card, Code, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { ApiError, api, refreshCsrf } from '../../../api/client.ts';
import { meQuery } from '../../../api/session.ts';
import { Page } from '../../../components/Page.tsx';
import { queryClient } from '../../../lib/query-client.ts';

/**
 * Test-only panel (spec §2/§7). Reachable only where the server has its development routes:
 * GET /api/dev/mailbox exists outside production only; anything else sends the visitor home.
 */
export async function clientLoader() {
  try {
    await api.get('/api/dev/mailbox', { query: { limit: 0 } });
  } catch {
    throw redirect('/');
  }
  return null;
}

type Answer = { ok: boolean; status: number | null; body: unknown };

async function call(run: () => Promise<unknown>): Promise<Answer> {
  try {
    return { ok: true, status: 200, body: await run() };
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, status: e.status, body: e.body };
    return { ok: false, status: null, body: String(e) };
  }
}

function AnswerView({ answer, authFailure = false }: { answer: Answer | null; authFailure?: boolean }) {
  const { t } = useTranslation();
  if (!answer) return null;
  return (
    <Stack gap={6} mt="sm">
      {!answer.ok && authFailure && (
        <Alert color="red" role="alert">
          {MESSAGES.testLoginFailed.it}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('devPanel.response')} {answer.status !== null ? `(HTTP ${answer.status})` : ''}
      </Text>
      <Code block mah={220} style={{ overflow: 'auto' }}>
        {JSON.stringify(answer.body, null, 2)}
      </Code>
    </Stack>
  );
}

function Credentials({ prefix, onSubmit, busy, label }: { prefix: string; onSubmit: (email: string, password: string) => void; busy: boolean; label: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('user@heliline.test');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(email, password);
      }}
    >
      <Stack gap="xs">
        <TextInput id={`${prefix}-email`} label={t('common.email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} size="sm" />
        <PasswordInput id={`${prefix}-password`} label={t('common.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} size="sm" />
        <Button type="submit" loading={busy} size="sm">
          {label}
        </Button>
      </Stack>
    </form>
  );
}

export default function LoginPanel() {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, Answer | null>>({});

  const run = async (key: string, fn: () => Promise<unknown>, after?: (a: Answer) => void) => {
    setBusy(key);
    const answer = await call(fn);
    setAnswers((prev) => ({ ...prev, [key]: answer }));
    after?.(answer);
    setBusy(null);
  };

  const bearer = (path: string) => api.post(path, {}, { token: token ?? '' });
  const refreshHeader = () => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });

  return (
    <Page title={t('titles.devPanel')} size="xl">
      <Text c="dimmed" mb="lg">
        {t('devPanel.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="panel-api-login" withBorder radius="md">
          <Title id="panel-api-login" order={2} size="h4" mb="sm">
            {t('devPanel.apiLogin')}
          </Title>
          <Credentials
            prefix="api"
            label={t('devPanel.send')}
            busy={busy === 'apiLogin'}
            onSubmit={(email, password) =>
              run(
                'apiLogin',
                () => api.post<{ success?: { token?: string } }>('/api/v1/auth/login', { email, password }),
                (a) => setToken(a.ok ? ((a.body as { success?: { token?: string } }).success?.token ?? null) : null),
              )
            }
          />
          <AnswerView answer={answers.apiLogin ?? null} authFailure />
          <Text size="sm" fw={600} mt="md">
            {t('devPanel.token')}
          </Text>
          <Code block data-testid="bearer-token">
            {token ?? t('devPanel.noToken')}
          </Code>
        </Card>

        <Card component="section" aria-labelledby="panel-web-login" withBorder radius="md">
          <Title id="panel-web-login" order={2} size="h4" mb="sm">
            {t('devPanel.webLogin')}
          </Title>
          <Credentials
            prefix="web"
            label={t('devPanel.send')}
            busy={busy === 'webLogin'}
            onSubmit={(email, password) =>
              run(
                'webLogin',
                async () => {
                  await refreshCsrf();
                  return api.post('/login', { email, password });
                },
                refreshHeader,
              )
            }
          />
          <AnswerView answer={answers.webLogin ?? null} authFailure />
        </Card>

        {(
          [
            ['details', '/api/v1/user/details', t('devPanel.details')],
            ['bookings', '/api/v1/user/bookings', t('devPanel.bookings')],
            ['apiLogout', '/api/v1/auth/logout', t('devPanel.apiLogout')],
          ] as const
        ).map(([key, path, title]) => (
          <Card component="section" aria-labelledby={`panel-${key}`} withBorder radius="md" key={key}>
            <Group justify="space-between">
              <Title id={`panel-${key}`} order={2} size="h4">
                {title}
              </Title>
              <Button
                size="sm"
                variant="light"
                disabled={!token}
                loading={busy === key}
                onClick={() => run(key, () => bearer(path), key === 'apiLogout' ? (a) => a.ok && setToken(null) : undefined)}
              >
                {title}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              POST {path}
            </Text>
            <AnswerView answer={answers[key] ?? null} />
          </Card>
        ))}

        <Card component="section" aria-labelledby="panel-web-logout" withBorder radius="md">
          <Group justify="space-between">
            <Title id="panel-web-logout" order={2} size="h4">
              {t('devPanel.webLogout')}
            </Title>
            <Button size="sm" variant="light" loading={busy === 'webLogout'} onClick={() => run('webLogout', () => api.post('/logout'), refreshHeader)}>
              {t('devPanel.webLogout')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            POST /logout
          </Text>
          <AnswerView answer={answers.webLogout ?? null} />
        </Card>
      </SimpleGrid>
    </Page>
  );
}
