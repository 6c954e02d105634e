import { Fieldset, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard/issue-fields.ts';
import type { PaxDraft } from '../wizard/state.ts';

/**
 * The pet on step 3 (staff, spec §2 step 1): it needs no names or documents, only the passenger
 * who travels with it (animal_owner_key); its cage limits are in the notice.
 */
export function PetBlock({
  pet,
  people,
  onChange,
  error,
}: {
  pet: PaxDraft;
  people: readonly PaxDraft[];
  onChange: (patch: Partial<PaxDraft>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const data = people.map((p, i) => ({
    value: p._uuid,
    label: `${t('wizard.step3.passenger', { n: i + 1 })}${`${p.lastname} ${p.firstname}`.trim() ? ` · ${`${p.lastname} ${p.firstname}`.trim()}` : ''}`,
  }));
  return (
    <Fieldset legend={t('wizard.pet.legend')} mb="md" data-testid="pet">
      <Select
        id={fieldId(`${pet._uuid}.animal_owner_key`)}
        label={t('wizard.pet.owner')}
        data={data}
        value={pet.animal_owner_key}
        onChange={(v) => onChange({ animal_owner_key: v })}
        allowDeselect={false}
        error={error}
        required
        maw={420}
      />
      <Text size="sm" mt="sm">
        {t('wizard.pet.cage')}
      </Text>
    </Fieldset>
  );
}
