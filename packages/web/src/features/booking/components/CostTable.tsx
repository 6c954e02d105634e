import { TKT_CATEGORY } from '@heliline/domain/booking/categories';
import { formatMoney } from '@heliline/domain/fares/money';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/use-lang.ts';
import { type PaxCost, type Totals } from '../wizard/costs.ts';
import { ScrollTable } from '../../../components/ScrollTable.tsx';

/** A passenger's discount on the ticket, staff discount and coupon together, in whole percent. */
const percentOff = (c: PaxCost) => (c.ticket_nodsc > 0 ? Math.round(((c.ticket_nodsc - c.ticket) / c.ticket_nodsc) * 100) : 0);

/**
 * Per-passenger costs and totals (spec §2 step 3): the ticket is struck through with its
 * discount percent when discounted; the grand total and its discounted value below.
 */
export function CostTable({ costs, totals, discountPercent }: { costs: readonly PaxCost[]; totals: Totals; discountPercent: number }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const money = (c: number) => formatMoney(c, lang);
  // A coupon or a staff discount (dsc) lowers the total: the full one is struck through.
  const discounted = totals.grandTotalDiscounted < totals.grandTotal;
  return (
    <>
      <ScrollTable label={t('wizard.costs.caption')} minWidth={620}>
        <Table withTableBorder striped verticalSpacing="xs">
          <caption className="visually-hidden">{t('wizard.costs.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wizard.costs.name')}</Table.Th>
              <Table.Th ta="right">{t('wizard.costs.fare')}</Table.Th>
              <Table.Th>{t('wizard.costs.category')}</Table.Th>
              <Table.Th ta="right">{t('wizard.costs.ticket')}</Table.Th>
              <Table.Th ta="right">{t('wizard.costs.taxes')}</Table.Th>
              <Table.Th ta="right">{t('wizard.costs.landingTax')}</Table.Th>
              <Table.Th ta="right">{t('wizard.costs.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {costs.map((c, i) => (
              <Table.Tr key={c.pax._uuid}>
                <Table.Td>
                  {c.pax.category === 'an' ? t('wizard.pet.legend') : `${c.pax.lastname} ${c.pax.firstname}`.trim() || t('wizard.step3.passenger', { n: i + 1 })}
                </Table.Td>
                <Table.Td ta="right">{money(c.fare)}</Table.Td>
                <Table.Td>{TKT_CATEGORY[c.pax.category]}</Table.Td>
                <Table.Td ta="right">
                  {c.ticket !== c.ticket_nodsc ? (
                    <>
                      <Text span td="line-through" size="sm" c="dimmed">
                        <span className="visually-hidden">{t('wizard.costs.was')} </span>
                        {money(c.ticket_nodsc)}
                      </Text>{' '}
                      <Text span fw={700} size="sm">
                        {money(c.ticket)} (−{percentOff(c)}%)
                      </Text>
                    </>
                  ) : (
                    money(c.ticket)
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(c.tax)}</Table.Td>
                <Table.Td ta="right">{money(c.landingTax)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {money(c.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={6} ta="right">
                {t('wizard.costs.grandTotal')}
              </Table.Th>
              <Table.Td ta="right" fw={700} td={discounted ? 'line-through' : undefined} data-testid="grand-total">
                {money(totals.grandTotal)}
              </Table.Td>
            </Table.Tr>
            {discounted && (
              <Table.Tr>
                <Table.Th colSpan={6} ta="right">
                  {discountPercent > 0 ? t('wizard.costs.grandTotalDiscounted', { perc: discountPercent }) : t('wizard.costs.grandTotalAfterDiscounts')}
                </Table.Th>
                <Table.Td ta="right" fw={800} data-testid="grand-total-discounted">
                  {money(totals.grandTotalDiscounted)}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      {/* On a phone the table scrolls sideways and its totals sit off to the right: the amount to
        pay is repeated under it, on screen (screen readers have it in the table already). */}
      <Text hiddenFrom="sm" ta="right" fw={700} mt={-8} mb="lg" aria-hidden data-testid="grand-total-phone">
        {t(discounted ? 'wizard.costs.grandTotalAfterDiscounts' : 'wizard.costs.grandTotal')}: {money(discounted ? totals.grandTotalDiscounted : totals.grandTotal)}
      </Text>
    </>
  );
}
