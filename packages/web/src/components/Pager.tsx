import type { TPagination } from '@heliline/domain';
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** First / a range of pages around the current one / last (Mantine's edges), and which rows are shown. */
export function Pager({ pagination, onPage, label }: { pagination: TPagination; onPage: (page: number) => void; label?: string }) {
  const { t } = useTranslation();
  const { current_page, last_page, from, to, total } = pagination;
  const controlLabel: Record<string, string> = {
    first: t('staff.bookings.firstPage'),
    last: t('staff.bookings.lastPage'),
    previous: t('staff.bookings.previousPage'),
    next: t('staff.bookings.nextPage'),
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="sm">
      <Text size="sm" data-testid="bookings-range" aria-live="polite">
        {from !== null && to !== null ? t('staff.bookings.range', { from, to, total }) : ''}
      </Text>
      {last_page > 1 && (
        <nav aria-label={label ?? t('staff.bookings.pagination')}>
          <Pagination
            total={last_page}
            value={current_page}
            onChange={onPage}
            withEdges
            siblings={1}
            boundaries={1}
            size="md"
            getItemProps={(page) => ({ 'aria-label': t('staff.bookings.page', { page }), 'aria-current': page === current_page ? 'page' : undefined })}
            getControlProps={(control) => ({ 'aria-label': controlLabel[control] })}
          />
        </nav>
      )}
    </Group>
  );
}
