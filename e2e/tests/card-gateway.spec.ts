import { expect, test } from '@playwright/test';
import { bankLinkFor } from './payments-support.ts';
import { expectAccessible } from './support.ts';

/**
 * Buying with Nexi XPay as the card gateway, through its in-app stand-in (docs/decisions/013):
 * the e2e's second server runs with PAYMENTS_GATEWAY=nexi (playwright.config.ts). The
 * stand-in page is XPay's, not ours (no axe there); our result pages are checked.
 */
test.use({ baseURL: process.env.E2E_NEXI_URL });

test('card payment on the XPay page: a decline shows the bank message and code, an approval issues the ticket', async ({ page }) => {
  // Declined with 405: the spec's failed page, with XPay's code mapped to the bank's words.
  const declined = await bankLinkFor(page, 'it', 6);
  expect(new URL(declined.bankLink).pathname).toBe('/nexi-standin/ecomm/ecomm/DispatcherServlet');
  await page.goto(declined.bankLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('XPay – pagina di pagamento (stand-in)');
  await page.getByRole('radio', { name: 'Rifiuta con codice 405: Fondi insufficienti' }).check();
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page).toHaveURL(/\/booking-status\//);
  await expect(page.getByTestId('bank-message')).toHaveText('Siamo spiacenti, la banca ha risposto: Fondi insufficienti. Non è stato emesso alcun biglietto.');
  await expect(page.getByTestId('bank-code')).toHaveText('# 405');
  await expectAccessible(page);

  // Approved: XPay posts the signed outcome to urlpost, the buyer comes back to the ticket.
  const approved = await bankLinkFor(page, 'it', 7);
  await page.goto(approved.bankLink);
  await expect(page.getByRole('radio', { name: 'Autorizza', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page).toHaveURL(/\/booking-status\//);
  await expect(page.getByTestId('booking-code')).toHaveText(approved.bookingCode);
  await expect(page.getByTestId('tickets-email')).toHaveText(approved.email);
  await expectAccessible(page);

  // The XPay page of a paid order does not take a second payment.
  await page.goto(approved.bankLink);
  await expect(page.getByRole('status')).toHaveText('Questa transazione è già stata elaborata.');
});
