import { List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The receipt's reminders. The spec keeps them in Italian for every reader (lang="it" so
 * screen readers pronounce them right); the check-in line follows the UI language.
 */
export function Reminders() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" mb="lg">
      <Title order={2} size="h4" mb="xs">
        {t('wizard.status.remindersTitle')}
      </Title>
      <Text fw={600} mb="xs">
        {t('wizard.status.checkIn')}
      </Text>
      <List size="sm" spacing={4} lang="it">
        <List.Item>Presentarsi in eliporto almeno 30 minuti prima della partenza: il check-in e l'imbarco aprono 30 minuti prima e chiudono tassativamente 10 minuti prima del volo.</List.Item>
        <List.Item>È ammesso un solo bagaglio a persona, di dimensioni massime 60x40x20 cm.</List.Item>
        <List.Item>Gli animali viaggiano in trasportino di dimensioni massime 43x33x34 cm; è ammesso un solo animale per volo.</List.Item>
        <List.Item>Portare un documento di identità valido per ogni passeggero.</List.Item>
        <List.Item>Minori non accompagnati, donne in gravidanza (fino all'ottavo mese) e trasporto di armi o munizioni richiedono il modulo da consegnare firmato al check-in.</List.Item>
        <List.Item>Parcheggio a Foggia: 0,30 euro l'ora o 5,00 euro al giorno, posti limitati.</List.Item>
      </List>
    </Paper>
  );
}
