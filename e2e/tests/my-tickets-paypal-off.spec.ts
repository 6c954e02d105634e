import { bankLinkFor } from './payments-support.ts';
import { MT, searchBy } from './my-tickets-support.ts';
import { expect, expectAccessible, test } from './support.ts';

/**
 * Issue 51 item 2: an operator without PayPal (PAYPAL_ENABLED=false, the e2e's second server, which
 * also runs Nexi XPay as its card gateway: playwright.config.ts). Edit mode says that a difference
 * cannot be paid online before the customer builds a change.
 */
test.use({ baseURL: process.env.E2E_NEXI_URL });

test('edit mode says that paying a difference is not available', async ({ page }) => {
  const { bankLink, bookingCode } = await bankLinkFor(page, 'it', 9);
  await page.goto(bankLink);
  await page.getByRole('button', { name: 'Paga' }).click();
  await expect(page).toHaveURL(/\/booking-status\//);
  // The ticket exists once XPay's notification is processed.
  let ticketNr = '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/my-tickets', { params: { bookingCode: bookingCode.slice(0, 6) } });
      ticketNr = res.ok() ? (((await res.json()) as { bookings: { ticketNr: string }[] }).bookings[0]?.ticketNr ?? '') : '';
      return ticketNr;
    })
    .not.toBe('');

  await page.goto('/my-tickets');
  await searchBy(page, MT.bookingCode, bookingCode);
  await page.getByRole('button', { name: `Modifica il biglietto ${ticketNr}` }).click();
  await expect(page.getByTestId('paid-changes-unavailable')).toHaveText("Il pagamento di una differenza non è disponibile; contatta l'ufficio prenotazioni.");
  await expectAccessible(page);
});
