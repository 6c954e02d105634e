import { Alert, Anchor, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard/issue-fields.ts';
import classes from './ErrorSummary.module.css';

export interface SummaryItem {
  text: string;
  /** The field key the link moves focus to; null when the rule names no single field. */
  field: string | null;
}

/** The field itself, or for a group (radios, a counter, a flight table) its first usable control. */
function focusable(el: HTMLElement): HTMLElement | null {
  if (el.matches('input, select, textarea, button, [tabindex]')) return el;
  return el.querySelector<HTMLElement>(
    'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])',
  );
}

/**
 * The step's refused input, GOV.UK pattern: at the top of the step, a heading ('C'è un problema' /
 * 'There is a problem') and one link per message (the spec's exact texts) that moves focus to the
 * field it names. The wizard focuses the summary when a step is refused, so it is read at once.
 */
export function ErrorSummary({ items, ref }: { items: readonly SummaryItem[]; ref?: React.Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!items.length) return null;
  const go = (e: React.MouseEvent<HTMLAnchorElement>, key: string) => {
    const el = document.getElementById(fieldId(key));
    const target = el && focusable(el);
    if (!target) return;
    e.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'center' });
  };
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId} data-testid="error-summary" style={{ outline: 'none' }}>
      {/* The wrapper is the one alert: Mantine's Alert would be a second, nested one. */}
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} mb="md" role="none">
        <Title order={3} size="h5" id={titleId} mb={6}>
          {t('wizard.errorSummary.title')}
        </Title>
        {/* A plain list: Mantine's List would be one more chunk on /booking's first load (decision 023). */}
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.text}>
              {item.field ? (
                <Anchor href={`#${fieldId(item.field)}`} onClick={(e) => go(e, item.field!)} c="red.9" underline="always" size="sm" className={classes.link}>
                  {item.text}
                </Anchor>
              ) : (
                item.text
              )}
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
