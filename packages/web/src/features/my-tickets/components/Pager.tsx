import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PageInfo, pageRange, shownCounts } from '../logic/pagination.ts';

/** First page, a range of pages and the last page, with 'shown from X to Y ~ results found N' (spec §2). */
export function Pager({ info, onPage }: { info: PageInfo; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const range = pageRange(info.current_page, info.last_page);
  // Page numbers read as "Page 3"; « and » read as first and last page (hidden text, no aria-label).
  const button = (page: number, mark: string, name: string, key: string) => {
    const current = key.startsWith('p') && page === info.current_page;
    return (
      <Button
        key={key}
        size="compact-sm"
        miw={32}
        h={32}
        variant={current ? 'filled' : 'default'}
        aria-current={current ? 'page' : undefined}
        onClick={() => onPage(page)}
      >
        <span aria-hidden>{mark}</span>
        <span className="visually-hidden">{name}</span>
      </Button>
    );
  };
  return (
    <Group justify="space-between" gap="sm" my="md">
      <Text size="sm" data-testid="shown-counts">
        {t('tickets.list.shown', shownCounts(info))}
      </Text>
      {info.last_page > 1 && (
        <nav aria-label={t('tickets.list.pages')}>
          <Group gap={4}>
            {button(1, '«', t('tickets.list.first'), 'first')}
            {range.map((p) => button(p, String(p), t('tickets.list.page', { n: p }), `p${p}`))}
            {button(info.last_page, '»', t('tickets.list.last'), 'last')}
          </Group>
        </nav>
      )}
    </Group>
  );
}
