import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, staffContext } from './staff-support.ts';
import { apiPost, expect, expectAccessible, expectLabelInName, expectOnPhoneScreen, field, test } from './support.ts';

/**
 * The check-in desk at /admin/check-in (issue 13 part A): two passengers checked in by typing
 * the ticket number, one by a photo of the boarding pass (a PNG of its QR code fed to the same
 * decoder the camera uses), masses, closing the flight, the manifest; axe at 360 and 1280 px.
 */

interface DemoFlight {
  flightId: number;
  code: string;
  date: string;
  tickets: string[];
}

/** A fresh flight taking off in 20 minutes (check-in open) with four tickets of the demo buyer. */
async function demoFlight(page: Page): Promise<DemoFlight> {
  const res = await apiPost(page.request, '/api/dev/check-in/demo-flight', { inMinutes: 20 });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as DemoFlight;
}

/** A PNG "photo" of a ticket's boarding pass: its QR code (as the receipt shows it) rendered on a white card and captured. */
async function passPhoto(page: Page, ticketNr: string): Promise<Buffer> {
  const svg = await page.request.get(`/api/tickets/${ticketNr}/boarding-pass.svg`);
  expect(svg.status()).toBe(200);
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(await svg.body()).toString('base64')}`;
  const card = await page.context().newPage();
  await card.setContent(`<body style="margin:0;background:#fff"><img id="pass" src="${dataUrl}" width="260" height="260" style="padding:30px;background:#fff"></body>`);
  const png = await card.locator('#pass').screenshot();
  await card.close();
  return png;
}

const outcome = (page: Page) => page.getByTestId('check-in-outcome');
const row = (page: Page, ticketNr: string) => page.getByTestId('check-in-passengers').locator(`tr[data-ticket="${ticketNr}"]`);

test('checks in two passengers by typing and one by a photo of the pass, weighs, closes the flight and downloads the manifest', async ({ browser }) => {
  const { context, page } = await staffContext(browser, ADMIN);
  const flight = await demoFlight(page);
  const [maria, luca, giulia, paolo] = flight.tickets as [string, string, string, string];
  const photo = await passPhoto(page, giulia);

  // The staff menu links the desk; the flight is chosen from today's flights.
  await page.goto('/admin/check-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Banco check-in' })).toBeVisible();
  await page.getByRole('button', { name: /^Menu account/ }).click();
  await expect(page.getByRole('link', { name: 'Banco check-in' })).toHaveAttribute('href', '/admin/check-in');
  await page.keyboard.press('Escape');
  const select = page.getByLabel('Volo di oggi');
  // By its id, not its code: near midnight another test's demo flight (the day before or after) may share the code.
  await expect(select.locator(`option[value="${flight.flightId}"]`)).toContainText(`${flight.code} ·`);
  await select.selectOption(String(flight.flightId));
  await expect(page).toHaveURL(new RegExp(`flight=${flight.flightId}`));
  await expect(page.getByText('Check-in aperto')).toBeVisible();
  await expect(row(page, maria)).toContainText('In attesa');

  // Two passengers by typing the ticket number.
  for (const [nr, name] of [
    [maria, 'Rossi Maria'],
    [luca, 'Rossi Luca'],
  ] as const) {
    await field(page, "Numero del biglietto o codice della carta d'imbarco").fill(nr);
    await page.getByRole('button', { name: 'Registra check-in' }).click();
    await expect(outcome(page)).toContainText(`Passeggero registrato al check-in: ${name} (${nr})`);
    await expect(row(page, nr)).toContainText('Registrato');
  }
  // A second scan says so.
  await field(page, "Numero del biglietto o codice della carta d'imbarco").fill(maria);
  await page.getByRole('button', { name: 'Registra check-in' }).click();
  await expect(outcome(page)).toContainText('Passeggero già registrato al check-in');

  // One by a photo of the boarding pass: the QR is decoded in the browser, the signed code sent.
  await page.getByLabel("Carica una foto della carta d'imbarco").setInputFiles({ name: 'carta-imbarco.png', mimeType: 'image/png', buffer: photo });
  await expect(outcome(page)).toContainText(`Passeggero registrato al check-in: Bianchi Giulia (${giulia})`);
  await expect(outcome(page)).toContainText('Moduli da consegnare: gravidanza');
  await expect(field(page, "Numero del biglietto o codice della carta d'imbarco")).toHaveValue('');
  await expect(row(page, giulia)).toContainText('Registrato');
  await expect(row(page, paolo)).toContainText('armi o munizioni');

  // Masses of one passenger.
  await page.getByRole('button', { name: 'Pesi di Rossi Maria' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pesi di Rossi Maria' });
  await field(dialog, 'Peso del passeggero (kg)').fill('80');
  await field(dialog, 'Bagagli (kg, separati da +)').fill('7,5 + 2');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, maria)).toContainText('80,0 kg, bagagli 9,5 kg');

  await expectAccessible(page);
  await expectLabelInName(page);

  // On a phone the passengers are cards, each with its weigh button on screen.
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  const card = page.getByTestId('check-in-passengers').locator(`li[data-ticket="${maria}"]`);
  await expect(card).toContainText('Registrato');
  await expectOnPhoneScreen(card.getByRole('button', { name: 'Pesi di Rossi Maria' }));
  await page.setViewportSize(desk);

  // Closing counts the three checked in (Maria weighed, Luca and Giulia standard): 80 + 9,5 + 35 + 11 + 84 + 11 = 230,5 kg.
  await page.getByRole('button', { name: 'Chiudi il volo' }).click();
  await expect(page.getByText(/^Volo chiuso alle \d\d:\d\d da admin@heliline\.test/)).toBeVisible();
  await expect(page.getByTestId('check-in-load-total')).toHaveText('230,5 kg');
  await expect(row(page, paolo)).toContainText('In attesa');
  await expect(page.getByRole('button', { name: 'Registra check-in' })).toBeDisabled();

  // The manifest, as the pilot gets it: PDF in Italian, CSV in English (Paolo a no-show).
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Manifesto PDF (italiano)' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`heliline-manifest-${flight.code}-${flight.date}-it.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Manifesto CSV (inglese)' }).click()]);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text).toContain('Ticket;Last name;First name;Category');
  expect(text.split('\r\n').find((l) => l.includes(paolo))).toContain('No-show');
  expect(text.split('\r\n').find((l) => l.includes(maria))).toContain('80.0;9.5 (2);yes');
  expect(text).toContain('Total kg;230.5');
  await context.close();
});
