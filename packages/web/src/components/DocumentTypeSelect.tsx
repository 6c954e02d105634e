import type { TDocumentTypes } from '@heliline/domain';
import { NativeSelect } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { useLang } from '../i18n/use-lang.ts';

/** Document types (their text follows the request language). */
function useDocumentTypes() {
  const [lang] = useLang();
  return useQuery(
    queryOptions({
      queryKey: ['public', 'document-types', lang] as const,
      queryFn: async () => (await api.get<TDocumentTypes>('/api/document-types')).document_types,
      staleTime: 60 * 60_000,
    }),
  );
}

interface DocumentTypeSelectProps {
  id?: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: ReactNode;
  /** The type's id as a string; null (or '') when none is chosen yet. */
  value?: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  onFocus?: () => void;
}

/**
 * The document types of GET /api/document-types in a native select: a handful of options, the
 * phone's own picker, and no list widget to download (decision 023). The first option asks for a
 * choice and cannot be chosen back.
 */
export function DocumentTypeSelect({ value, onChange, disabled, error, ...props }: DocumentTypeSelectProps) {
  const { t } = useTranslation();
  const types = useDocumentTypes();
  const data = [
    { value: '', label: types.isPending ? t('app.loading') : t('common.choose'), disabled: true },
    ...(types.data ?? []).map((d) => ({ value: String(d.id), label: d.text })),
  ];
  return (
    <NativeSelect
      {...props}
      data={data}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      disabled={disabled || types.isPending}
      error={error ?? (types.isError ? t('errors.generic') : undefined)}
    />
  );
}
