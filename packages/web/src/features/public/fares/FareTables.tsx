import { ADULT_FROM_AGE, CHILD_FROM_AGE, PET_DISPLAY_NAMES } from '@heliline/domain/booking/categories';
import { CUTOFF_HOURS_FOGGIA_TREMITI, CUTOFF_HOURS_OTHER } from '@heliline/domain/booking/cutoff';
import { formatMoney } from '@heliline/domain/fares/money';
import {
  ADDITIONAL_FEES,
  COST_DETAIL,
  COST_DETAIL_LINES,
  FARE_CATEGORIES,
  FARES,
  LANDING_FEE,
  LANDING_FEE_CHILD_OVER_AGE,
  TARIFF_ADJUSTMENT_DATES,
  type FareTab,
} from '@heliline/domain/fares/table';
import { toWireDate } from '@heliline/domain/dates';
import { BAGGAGE_MAX_CM, CHECK_IN_OPENS_MINUTES, dimensionsText, GATE_CLOSES_MINUTES, PET_CAGE_MAX_CM } from '@heliline/domain/operations/airport';
import type { TFunction } from 'i18next';
import classes from './fares.module.css';
import ui from '../shared/page.module.css';

/** The age bands the category notes state (e.g. child "2 to 11 years", infant "0 to 23 months"). */
const AGE_BANDS = {
  adultFrom: ADULT_FROM_AGE,
  childFrom: CHILD_FROM_AGE,
  childTo: ADULT_FROM_AGE - 1,
  infantToMonths: CHILD_FROM_AGE * 12 - 1,
};

interface Props {
  t: TFunction;
  lang: 'it' | 'en';
}

/** Base fares of one tab: adult, child, infant, pet (one way, from the domain fare table). */
export function FareTable({ tab, t, lang }: Props & { tab: FareTab }) {
  return (
    <table className={ui.table} data-testid={`fares-${tab}`}>
      <caption className={ui.caption}>{t(`site.fares.tabCaption.${tab}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('site.fares.category')}</th>
          <th scope="col" className={ui.num}>
            {t('site.fares.oneWay')}
          </th>
        </tr>
      </thead>
      <tbody>
        {FARE_CATEGORIES.map((c) => (
          <tr key={c}>
            <th scope="row">
              {t(`site.fares.categories.${c}`, { pet: PET_DISPLAY_NAMES[lang] })}
              <span className={classes.note}>{t(`site.fares.categoryNotes.${c}`, AGE_BANDS)}</span>
            </th>
            <td className={ui.num} data-testid={`fare-${tab}-${c}`}>
              {formatMoney(FARES[tab][c], lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Additional fees by departure heliport and the Tremiti landing fee (low and high fares). */
export function FeesTable({ t, lang }: Props) {
  const money = (cents: number) => (cents > 0 ? formatMoney(cents, lang) : t('site.fares.none'));
  const rows = [
    { key: 'adult', main: ADDITIONAL_FEES.main.adult, other: ADDITIONAL_FEES.other.adult, landing: money(LANDING_FEE) },
    {
      key: 'child',
      main: ADDITIONAL_FEES.main.child,
      other: ADDITIONAL_FEES.other.child,
      landing: `${money(LANDING_FEE)} ${t('site.fares.childOver', { age: LANDING_FEE_CHILD_OVER_AGE })}`,
    },
    { key: 'infantPet', main: ADDITIONAL_FEES.main.infant, other: ADDITIONAL_FEES.other.infant, landing: t('site.fares.none') },
  ] as const;
  return (
    <div className={ui.scroll} tabIndex={0} role="region" aria-label={t('site.fares.feesTitle')}>
      <table className={ui.table} data-testid="fees-table">
        <caption className={ui.caption}>{t('site.fares.feesTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('site.fares.category')}</th>
            <th scope="col" className={ui.num}>
              {t('site.fares.fromMain')}
            </th>
            <th scope="col" className={ui.num}>
              {t('site.fares.fromOther')}
            </th>
            <th scope="col" className={ui.num}>
              {t('site.fares.landingFee')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{t(`site.fares.feeRows.${r.key}`)}</th>
              <td className={ui.num}>{money(r.main)}</td>
              <td className={ui.num}>{money(r.other)}</td>
              <td className={ui.num}>{r.landing}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the additional fees are made of, adult and child. */
export function CostDetailTable({ t, lang }: Props) {
  return (
    <div className={ui.scroll} tabIndex={0} role="region" aria-label={t('site.fares.costDetailTitle')}>
      <table className={ui.table} data-testid="cost-detail">
        <caption className={ui.caption}>{t('site.fares.costDetailTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('site.fares.item')}</th>
            <th scope="col" className={ui.num}>
              {t('site.fares.categories.adult')}
            </th>
            <th scope="col" className={ui.num}>
              {t('site.fares.categories.child')}
            </th>
          </tr>
        </thead>
        <tbody>
          {COST_DETAIL_LINES.map((line) => (
            <tr key={line}>
              <th scope="row">{t(`site.fares.costLines.${line}`)}</th>
              <td className={ui.num}>{formatMoney(COST_DETAIL.adult[line], lang)}</td>
              <td className={ui.num}>{formatMoney(COST_DETAIL.child[line], lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Tariff adjustment dates, DD/MM/YYYY (spec date format), newest last. */
export function AdjustmentDates({ t }: { t: TFunction }) {
  return (
    <section aria-labelledby="fares-adjustments" className={classes.block}>
      <h2 id="fares-adjustments" className={ui.h2}>
        {t('site.fares.adjustmentsTitle')}
      </h2>
      <ul className={classes.dates}>
        {TARIFF_ADJUSTMENT_DATES.map((d) => (
          <li key={d}>
            <time dateTime={d}>{toWireDate(d)}</time>
          </li>
        ))}
      </ul>
      <p className={classes.note}>{t('site.fares.landingNote')}</p>
    </section>
  );
}

/** Travel reminders of spec §9 (check-in, gate, purchase cut-offs, baggage, pets, forms). */
export function Reminders({ t }: { t: TFunction }) {
  const items = [
    t('site.fares.reminders.checkIn', { minutes: CHECK_IN_OPENS_MINUTES }),
    t('site.fares.reminders.gate', { minutes: GATE_CLOSES_MINUTES }),
    t('site.fares.reminders.cutoff', { tremiti: CUTOFF_HOURS_FOGGIA_TREMITI, other: CUTOFF_HOURS_OTHER }),
    t('site.fares.reminders.baggage', { size: dimensionsText(BAGGAGE_MAX_CM, '×') }),
    t('site.fares.reminders.pet', { size: dimensionsText(PET_CAGE_MAX_CM, '×') }),
    t('site.fares.reminders.forms'),
  ];
  return (
    <section aria-labelledby="fares-reminders" className={classes.block}>
      <h2 id="fares-reminders" className={ui.h2}>
        {t('site.fares.remindersTitle')}
      </h2>
      <ul className={classes.reminders}>
        {items.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </section>
  );
}
