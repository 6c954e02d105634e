import {
  BAGGAGE_MAX_CM,
  CHECK_IN_OPENS_MINUTES as OPENS,
  dimensionsText,
  GATE_CLOSES_MINUTES as CLOSES,
  PARKING_FEES,
  PET_CAGE_MAX_CM,
} from '@heliline/domain/operations/airport';
import { centsToWire } from '@heliline/domain/fares/money';
import { List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 30 → "0,30": the Italian amount, written before the word "euro". */
const euro = (cents: number) => centsToWire(cents).replace('.', ',');

/**
 * The receipt's reminders. The spec keeps them in Italian for every reader (lang="it" so
 * screen readers pronounce them right); the check-in line follows the UI language.
 * The numbers come from the domain's rules.
 */
export function Reminders() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" mb="lg">
      <Title order={2} size="h4" mb="xs">
        {t('wizard.status.remindersTitle')}
      </Title>
      <Text fw={600} mb="xs">
        {t('wizard.status.checkIn', { minutes: OPENS })}
      </Text>
      <List size="sm" spacing={4} lang="it">
        <List.Item>{`Presentarsi in eliporto almeno ${OPENS} minuti prima della partenza: il check-in e l'imbarco aprono ${OPENS} minuti prima e chiudono tassativamente ${CLOSES} minuti prima del volo.`}</List.Item>
        <List.Item>{`È ammesso un solo bagaglio a persona, di dimensioni massime ${dimensionsText(BAGGAGE_MAX_CM)} cm.`}</List.Item>
        <List.Item>{`Gli animali viaggiano in trasportino di dimensioni massime ${dimensionsText(PET_CAGE_MAX_CM)} cm; è ammesso un solo animale per volo.`}</List.Item>
        <List.Item>Portare un documento di identità valido per ogni passeggero.</List.Item>
        <List.Item>
          Minori non accompagnati, donne in gravidanza (fino all'ottavo mese) e trasporto di armi o munizioni richiedono il modulo da consegnare firmato al check-in.
        </List.Item>
        <List.Item>{`Parcheggio a Foggia: ${euro(PARKING_FEES.hourlyCents)} euro l'ora o ${euro(PARKING_FEES.dailyCents)} euro al giorno, posti limitati.`}</List.Item>
      </List>
    </Paper>
  );
}
