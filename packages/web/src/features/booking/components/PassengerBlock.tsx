import { Button, Checkbox, Fieldset, Group, MaskInput, NumberInput, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentTypeSelect } from '../../../components/DocumentTypeSelect.tsx';
import { fieldId } from '../wizard/issue-fields.ts';
import type { PaxDraft } from '../wizard/state.ts';

/**
 * One passenger of step 3 (spec §2): names and gender are fixed for the account holder's own
 * passenger (pre-filled from the account); an adult's gender comes from the counter it was
 * added with.
 */
export function PassengerBlock({
  pax,
  position,
  onChange,
  invalid,
  discounts = false,
  onRemoveOwn,
}: {
  pax: PaxDraft;
  position: number;
  onChange: (patch: Partial<PaxDraft>) => void;
  /** Prenotazioni, PrenotaFull: exemption and discount percent (spec §2 step 3). */
  discounts?: boolean;
  /** Prenotazioni, PrenotaFull: their own passenger becomes a new one (spec §5). */
  onRemoveOwn?: () => void;
  /** Field (`lastname`…) → the last validation's messages for it (also listed in the error summary). */
  invalid: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const own = !!pax.own;
  const kind = pax.category === 'a' ? t(pax.gender === 'F' ? 'wizard.step3.kind.woman' : 'wizard.step3.kind.man') : t(`wizard.step3.kind.${pax.category}`);
  const err = (f: string) => invalid.get(f);
  const id = (f: string) => fieldId(`${pax._uuid}.${f}`);
  const text = (f: keyof PaxDraft) => ({
    id: id(f),
    value: String(pax[f] ?? ''),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [f]: e.currentTarget.value }),
    error: err(f),
    maxLength: 255,
  });
  return (
    <Fieldset legend={`${t('wizard.step3.passenger', { n: position })} · ${kind}${own ? ` (${t('wizard.step3.you')})` : ''}`} mb="md" data-testid={`pax-${position}`}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextInput label={t('wizard.step3.lastname')} required readOnly={own} variant={own ? 'filled' : 'default'} autoComplete="off" {...text('lastname')} />
        <TextInput label={t('wizard.step3.firstname')} required readOnly={own} variant={own ? 'filled' : 'default'} autoComplete="off" {...text('firstname')} />
        <Radio.Group
          id={id('gender')}
          label={t('wizard.step3.gender')}
          required
          value={pax.gender}
          onChange={(v) => onChange({ gender: v as 'M' | 'F' })}
          error={err('gender')}
        >
          <Group mt={8}>
            <Radio value="M" label={t('wizard.step3.genderM')} disabled={own || pax.category === 'a'} />
            <Radio value="F" label={t('wizard.step3.genderF')} disabled={own || pax.category === 'a'} />
          </Group>
        </Radio.Group>
        <MaskInput
          id={id('birthDate')}
          label={t('wizard.step3.birthDate')}
          mask="99/99/9999"
          placeholder={t('wizard.dateFormat')}
          inputMode="numeric"
          required
          defaultValue={pax.birthDate}
          // The mask edits the input itself and reports through onChangeRaw (as on sign-up).
          onChangeRaw={(_raw: string, masked: string) => onChange({ birthDate: masked })}
          error={err('birthDate')}
          size="md"
        />
        <TextInput label={t('wizard.step3.residence')} autoComplete="off" {...text('residence')} />
        <DocumentTypeSelect
          id={id('document_type')}
          label={t('wizard.step3.documentType')}
          required
          value={pax.document_type}
          onChange={(v) => onChange({ document_type: v })}
          error={err('document_type')}
        />
        <TextInput label={t('wizard.step3.documentNum')} required {...text('document_num')} error={err('document_num')} />
        <TextInput label={t('wizard.step3.email')} type="email" autoComplete="off" {...text('email')} />
        <TextInput label={t('wizard.step3.telephone')} type="tel" autoComplete="off" {...text('telephone')} />
        {discounts && (
          <>
            <NumberInput
              id={id('dsc')}
              label={t('wizard.step3.dsc')}
              min={0}
              max={100}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              suffix=" %"
              value={pax.dsc}
              onChange={(v) => onChange({ dsc: typeof v === 'number' ? v : Number(v) || 0 })}
            />
            <Checkbox mt={{ sm: 32 }} label={t('wizard.step3.exemption')} checked={pax.exemption} onChange={(e) => onChange({ exemption: e.currentTarget.checked })} />
          </>
        )}
      </SimpleGrid>
      {own && onRemoveOwn && (
        <Button
          mt="sm"
          variant="default"
          maw="100%"
          h="auto"
          mih={36}
          styles={{ label: { whiteSpace: 'normal' } }}
          leftSection={<IconUserMinus size={18} aria-hidden />}
          onClick={onRemoveOwn}
        >
          {t('wizard.step3.removeOwn')}
        </Button>
      )}
    </Fieldset>
  );
}
