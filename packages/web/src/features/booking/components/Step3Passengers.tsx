import { Anchor, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard/issue-fields.ts';
import type { WizardAction, WizardForm } from '../wizard/state.ts';
import { ConditionsModal } from './ConditionsModal.tsx';
import { PassengerBlock } from './PassengerBlock.tsx';
import { PetBlock } from './PetBlock.tsx';
import { PregnancyWarning } from './Step1Route.tsx';

/** Step 3: passengers, contacts, conditions (spec §2 step 3); the summary and costs sit below. */
export function Step3Passengers({
  form,
  dispatch,
  account,
  errors,
  discounts,
  canRemoveOwn,
}: {
  form: WizardForm;
  /** Prenotazioni, PrenotaFull: exemption and discount per passenger; they may also take their own passenger off. */
  discounts: boolean;
  canRemoveOwn: boolean;
  dispatch: (a: WizardAction) => void;
  account: { email: string; telephone: string };
  /** `${uuid}.${field}` or `contacts.email`… → the last validation's messages for that field. */
  errors: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const [conditionsOpen, conditions] = useDisclosure(false);
  // The pet comes last in the list, so the people's positions match the rules' messages.
  const people = form.paxes.filter((p) => p.category !== 'an');
  const pet = form.paxes.find((p) => p.category === 'an');
  const fieldsOf = (uuid: string) => new Map([...errors].filter(([k]) => k.startsWith(`${uuid}.`)).map(([k, v]) => [k.slice(uuid.length + 1), v]));
  return (
    <Stack gap="md">
      {people.map((p, i) => (
        <PassengerBlock
          key={p._uuid}
          pax={p}
          position={i + 1}
          invalid={fieldsOf(p._uuid)}
          onChange={(patch) => dispatch({ type: 'pax', uuid: p._uuid, patch })}
          discounts={discounts}
          onRemoveOwn={canRemoveOwn ? () => dispatch({ type: 'dropOwn' }) : undefined}
        />
      ))}
      {pet && (
        <PetBlock pet={pet} people={people} error={errors.get(`${pet._uuid}.animal_owner_key`)} onChange={(patch) => dispatch({ type: 'pax', uuid: pet._uuid, patch })} />
      )}
      <Fieldset legend={t('wizard.step3.contacts')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['email', 'telephone'] as const).map((key) => (
            <div key={key}>
              <TextInput
                id={fieldId(`contacts.${key}`)}
                label={t(key === 'email' ? 'wizard.step3.contactEmail' : 'wizard.step3.contactTelephone')}
                type={key === 'email' ? 'email' : 'tel'}
                required
                autoComplete={key === 'email' ? 'email' : 'tel'}
                maxLength={255}
                value={form.contacts[key]}
                onChange={(e) => dispatch({ type: 'contacts', patch: { [key]: e.currentTarget.value } })}
                error={errors.get(`contacts.${key}`)}
              />
              <Button variant="subtle" size="compact-sm" mt={4} onClick={() => dispatch({ type: 'contacts', patch: { [key]: account[key] } })} disabled={!account[key]}>
                {t(key === 'email' ? 'wizard.step3.useAccountEmail' : 'wizard.step3.useAccountTelephone')}
              </Button>
            </div>
          ))}
        </SimpleGrid>
      </Fieldset>
      <PregnancyWarning />
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Checkbox
          id={fieldId('conditions')}
          checked={form.conditions}
          onChange={(e) => dispatch({ type: 'patch', patch: { conditions: e.currentTarget.checked } })}
          label={t('wizard.step3.conditions')}
          error={errors.get('conditions')}
        />
        <Anchor component="button" type="button" onClick={conditions.open} size="sm" underline="always" c="navy.9">
          {t('wizard.step3.conditionsLink')}
        </Anchor>
      </Group>
      <ConditionsModal opened={conditionsOpen} onClose={conditions.close} />
      <Title order={2} size="h4" mt="md">
        {t('wizard.summary.title')}
      </Title>
    </Stack>
  );
}
