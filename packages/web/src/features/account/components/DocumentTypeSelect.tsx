import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes } from '../api.ts';

/** Select of GET /api/document-types; value is the id as a string. */
export function DocumentTypeSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const types = useDocumentTypes();
  return (
    <Select
      {...props}
      data={(types.data ?? []).map((d) => ({ value: String(d.id), label: d.text }))}
      disabled={props.disabled || types.isPending}
      placeholder={types.isPending ? t('app.loading') : props.placeholder}
      error={props.error ?? (types.isError ? t('errors.generic') : undefined)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
