import { List, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The usage guide shown above the list (spec §2). */
export function UsageGuide() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="tickets-guide">
      <Title order={2} size="h4" id="tickets-guide" mb="xs">
        {t('tickets.guide.title')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>{t('tickets.guide.search')}</List.Item>
        <List.Item>{t('tickets.guide.actions')}</List.Item>
        <List.Item>{t('tickets.guide.deadline')}</List.Item>
        <List.Item>{t('tickets.guide.markers')}</List.Item>
      </List>
    </Paper>
  );
}
