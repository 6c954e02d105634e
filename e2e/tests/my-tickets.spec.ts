import { type Page } from '@playwright/test';
import { buyRoundTrip, listedTickets, MT, searchBy, shots } from './my-tickets-support.ts';
import { expect, expectAccessible, test } from './support.ts';

/**
 * /my-tickets against the real server (issue 10): the list's filters and warning, only the
 * buyer's own tickets, the passenger and e-mail modals. Tickets are bought first through the
 * API and paid at the sandbox bank.
 */

interface Row {
  ticketNr: string;
  firstname: string;
  dw_flight: 'd' | 'c';
  takeOffDate: string;
  cancelled: boolean;
}

async function rowsOf(page: Page, bookingCode: string, includeCancelled = false): Promise<Row[]> {
  const res = await page.request.get('/api/my-tickets', { params: { bookingCode: bookingCode.slice(0, 6), includeCancelled: includeCancelled ? 1 : 0 } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { bookings: Row[] }).bookings;
}

test('search with each filter, the no-filter warning, and never another buyer’s tickets', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const theirs = await buyRoundTrip(otherPage, 'mt-other', 20);
  await other.close();
  const mine = await buyRoundTrip(page, 'mt-search', 22);
  const rows = await rowsOf(page, mine.bookingCode);
  const all = rows.map((r) => r.ticketNr).sort();

  await page.goto('/my-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'I miei biglietti' })).toBeVisible();
  await expect(page.getByText('Come usare questa pagina')).toBeVisible();
  await page.getByRole('button', { name: MT.seeList }).click();
  await expect(page.getByText(MT.noFilter)).toBeVisible();

  // Both buyers are called Bianchi: only mine are listed.
  await searchBy(page, MT.lastname, 'Bianchi');
  await expect(page.getByTestId('shown-counts')).toHaveText('visualizzati da 1 a 4 ~ risultati trovati 4');
  expect(await listedTickets(page)).toEqual(all);
  await expectAccessible(page);
  await shots(page, 'list');

  await searchBy(page, MT.firstname, mine.companion);
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 2');
  await searchBy(page, MT.bookingCode, mine.bookingCode);
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 4');
  await searchBy(page, MT.ticketNr, all[0]!);
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 1');
  expect(await listedTickets(page)).toEqual([all[0]]);
  await searchBy(page, MT.flightDate, mine.departureDate);
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 2');
  const outbound = rows.filter((r) => r.dw_flight === 'd').map((r) => r.ticketNr);
  expect(await listedTickets(page)).toEqual(outbound.sort());
  // The round trip's markers: an outbound row names its return (R:), a return its outbound (A:).
  await expect(page.getByTestId(`ticket-${outbound[0]}`).getByTestId('trip-marker')).toHaveText(/^R: \d{7}$/);

  // The other buyer's booking code finds nothing here (the server answers 'not found').
  await searchBy(page, MT.bookingCode, theirs.bookingCode);
  await expect(page.getByRole('alert').filter({ hasText: 'Non trovato' })).toBeVisible();
  expect(await listedTickets(page)).toEqual([]);
  await searchBy(page, MT.lastname, 'Bianchi');
  await expect(page.getByTestId('shown-counts')).toContainText('risultati trovati 4');

  // The bookingCode and ticketNr fields take at most 8 and 7 characters.
  await page.getByLabel(MT.bookingCode, { exact: true }).fill('ABCDEFGHIJ');
  await expect(page.getByLabel(MT.bookingCode, { exact: true })).toHaveValue('ABCDEFGH');
  await page.getByLabel(MT.ticketNr, { exact: true }).fill('123456789');
  await expect(page.getByLabel(MT.ticketNr, { exact: true })).toHaveValue('1234567');
});

test('edit a passenger in the modal (errors next to the field), and e-mail the booking’s PDF', async ({ page }) => {
  test.setTimeout(150_000);
  const mine = await buyRoundTrip(page, 'mt-pax', 24);
  await page.goto('/my-tickets');
  await searchBy(page, MT.firstname, mine.companion);
  await page
    .getByRole('button', { name: `Modifica i dati del passeggero Bianchi ${mine.companion}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Dati del passeggero' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Cognome'))
    .toBeFocused({ timeout: 2000 })
    .catch(() => undefined);
  await expectAccessible(page);
  await shots(page, 'pax-modal');
  await dialog.getByLabel('Telefono del passeggero').fill('abc');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  // The server's message sits under the field it is about.
  const tel = dialog.getByLabel('Telefono del passeggero');
  await expect(tel).toHaveAttribute('aria-invalid', 'true');
  await tel.fill('+39 333 1234567');
  await dialog.getByLabel('Numero del documento').fill('ZX9988776');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Dati del passeggero salvati.')).toBeVisible();
  // Saved on both tickets of the round trip.
  const saved = await page.request.get('/api/my-tickets', { params: { firstname: mine.companion } });
  const { bookings } = (await saved.json()) as { bookings: { doc_num: string; telPax: string }[] };
  expect(bookings.map((b) => b.doc_num)).toEqual(['ZX9988776', 'ZX9988776']);

  await page
    .getByRole('button', { name: /^Invia per e-mail il biglietto/ })
    .first()
    .click();
  const mail = page.getByRole('dialog', { name: 'Invia il PDF per e-mail' });
  await expect(mail).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'email-modal');
  await mail.getByLabel('Tutta la prenotazione').check();
  await mail.getByLabel(/^E-mail della prenotazione/).check();
  await mail.getByLabel('Modulo minori').check();
  await mail.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText('E-mail inviata.')).toBeVisible();

  // The PDF links point at the server's PDFs.
  const pdf = page.getByRole('link', { name: /^PDF della prenotazione/ }).first();
  const res = await page.request.get((await pdf.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
});
