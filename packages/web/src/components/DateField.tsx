import { parseWireDate, toWireDate } from '@heliline/domain/dates';
import { ActionIcon, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/use-lang.ts';
import { MonthCalendar } from './calendar/MonthCalendar.tsx';
import classes from './DateField.module.css';

const textOf = (iso: string | null) => (iso ? toWireDate(iso) : '');

/**
 * A date typed as DD/MM/YYYY (spec: dates DD/MM/YYYY) or picked from a month calendar that the
 * button beside it opens (the WAI-ARIA date picker dialog: focus goes to the day, Escape or a pick
 * brings it back). The value is the ISO day or null. A typed day counts once it is a whole, real
 * date on or after `minDate`; other text is put back to the value when the field is left, as
 * Mantine's DateInput did. No date library: the first load of /booking and /my-tickets carries
 * this field, and Mantine dates with dayjs and floating-ui were a large share of it (decision 023).
 */
export function DateField({
  id,
  label,
  placeholder,
  value,
  onChange,
  minDate,
  openAt,
  error,
  required,
}: {
  id?: string;
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  /** The first day that may be typed or picked (YYYY-MM-DD). */
  minDate?: string;
  /** The month the calendar shows while the field is empty. */
  openAt?: string;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const inputId = useId(id);
  const dialogId = `${inputId}-calendar`;
  const [text, setText] = useState(() => textOf(value));
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [alignEnd, setAlignEnd] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  const accepted = (typed: string) => {
    const iso = parseWireDate(typed.trim());
    return iso && !(minDate && iso < minDate) ? iso : null;
  };

  // The value changed from outside (a restored draft, "clear filters", a one-way trip): show it.
  if (value !== shownValue) {
    setShownValue(value);
    if (accepted(text) !== value) setText(textOf(value));
  }

  const onType = (typed: string) => {
    setText(typed);
    if (typed.trim() === '') onChange(null);
    else {
      const iso = accepted(typed);
      if (iso && iso !== value) onChange(iso);
    }
  };

  const toggle = (show: boolean) => {
    // The calendar is ~304 px wide: a field too near the window's right edge opens it leftwards.
    if (show && field.current) setAlignEnd(field.current.getBoundingClientRect().left + 312 > document.documentElement.clientWidth);
    setOpen(show);
  };

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  // The whole calendar comes into sight as it opens, with as little scrolling as that takes (its
  // day took the focus without scrolling the page), so the field stays on screen above it.
  useLayoutEffect(() => {
    if (open) dialog.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  // The open calendar is not modal: a press outside the field, or Tab on to another control,
  // closes it; Escape closes it and gives the focus back to its button.
  useEffect(() => {
    const box = dialog.current;
    if (!open || !box) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!field.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to && to !== button.current && !box.contains(to)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    box.addEventListener('focusout', onFocusOut);
    box.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      box.removeEventListener('focusout', onFocusOut);
      box.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={field} className={classes.field}>
      <TextInput
        id={inputId}
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => onType(e.currentTarget.value)}
        onBlur={() => setText(textOf(value))}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) close(false);
          // Alt+Down opens the calendar, as it opens a native picker.
          if (e.key === 'ArrowDown' && e.altKey) {
            e.preventDefault();
            toggle(true);
          }
        }}
        autoComplete="off"
        error={error}
        required={required}
        size="md"
        rightSection={
          <ActionIcon
            ref={button}
            variant="subtle"
            color="navy"
            size="lg"
            aria-label={t('calendar.open')}
            // Which field's calendar: the field's label (Mantine's id for it), read after the name.
            aria-describedby={`${inputId}-label`}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? dialogId : undefined}
            onClick={() => toggle(!open)}
          >
            <IconCalendar size={20} aria-hidden />
          </ActionIcon>
        }
      />
      {open && (
        <div ref={dialog} id={dialogId} role="dialog" aria-label={t('calendar.dialog', { label })} data-align={alignEnd ? 'end' : undefined} className={classes.dialog}>
          <MonthCalendar
            value={value}
            minDate={minDate}
            openAt={openAt}
            lang={lang}
            t={t}
            focusOnOpen
            onChange={(iso) => {
              onChange(iso);
              setText(textOf(iso));
              close(true);
            }}
          />
        </div>
      )}
    </div>
  );
}
