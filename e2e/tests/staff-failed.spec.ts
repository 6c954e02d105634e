import { type Locator, type Page } from '@playwright/test';
import { expectAccessible, expect, test } from './support.ts';
import { ADMIN, abandonedBuyerBooking, createBooking, failedRow, LIVE_CONNECT_MS, openFailedList, PRENOTAFULL, PRENOTAZIONI, staffContext } from './staff-support.ts';
import { expireAndSweep } from './booking-support.ts';

/**
 * The failed-bookings screen (/bookings-failed) with two staff members at once: what one does
 * reaches the other's screen through the live channel within a second, without a reload; the
 * retry screen (/it/prenotazioni); the keyboard alone; axe at 360 and 1280 px.
 */

const LIVE = { timeout: 1_000 };

// The tests share the demo staff logins, and selecting a row releases that user's previous one
// (one row at a time): run them one after the other, not beside each other.
test.describe.configure({ mode: 'default' });

test('two staff: a selected booking is disabled for the other within 1 s, released, then deleted and gone with a notice', async ({ browser }) => {
  const code = await abandonedBuyerBooking(browser);
  const a = await staffContext(browser, ADMIN);
  const b = await staffContext(browser, PRENOTAFULL);
  await Promise.all([openFailedList(a.page), openFailedList(b.page)]);
  const rowA = failedRow(a.page, code);
  const rowB = failedRow(b.page, code);
  await expect(rowB).toBeVisible();

  // A buyer's booking: the e-mail is marked in yellow and said in words.
  await expect(rowB).toContainText('Altro utente');
  await expect(rowB).toContainText('potrebbe essere ancora in pagamento');
  await expect(rowB).toContainText('posti ancora occupati');

  await rowA.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` }).click();
  await expect(a.page.getByTestId('payment-link-panel')).toBeVisible();
  await expect(rowB.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` })).toBeDisabled(LIVE);
  await expect(rowB.getByTestId('in-use-by')).toHaveText(`in uso da ${ADMIN}`, LIVE);
  await expect(b.page.getByTestId('failed-live-region')).toContainText(code, LIVE);

  await a.page.getByRole('button', { name: `Rilascia la prenotazione ${code}` }).click();
  await expect(rowB.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` })).toBeEnabled(LIVE);
  await expect(rowB.getByTestId('in-use-by')).toHaveCount(0);

  await rowA.getByRole('button', { name: `Elimina la prenotazione ${code}` }).click();
  const dialog = a.page.getByRole('dialog', { name: `Eliminare la prenotazione ${code}?` });
  await expect(dialog).toContainText('eliminandola i posti tornano in vendita');
  await dialog.getByRole('button', { name: 'Elimina', exact: true }).click();
  await expect(rowA).toHaveCount(0);
  await expect(rowB).toHaveCount(0, LIVE);
  await expect(b.page.getByTestId('failed-live-region')).toContainText('stata rimossa', LIVE);
  await expect(b.page.getByTestId('failed-live-region')).toContainText('liberati i relativi posti');

  await a.context.close();
  await b.context.close();
});

test('a locked booking cannot be deleted; the lock reaches the other staff member; a payment-link address is checked before sending', async ({ browser }) => {
  const code = await abandonedBuyerBooking(browser);
  const a = await staffContext(browser, PRENOTAZIONI);
  const b = await staffContext(browser, ADMIN);
  await Promise.all([openFailedList(a.page), openFailedList(b.page)]);
  // Prenotazioni and PrenotaFull are warned about bookings still holding seats; Admin is not.
  await expect(a.page.getByTestId('seats-warning')).toBeVisible();
  await expect(b.page.getByTestId('seats-warning')).toHaveCount(0);

  const rowA = failedRow(a.page, code);
  await rowA.getByRole('switch', { name: `Bloccata, prenotazione ${code}` }).click();
  await expect(rowA.getByRole('switch', { name: `Bloccata, prenotazione ${code}` })).toBeChecked();
  await expect(rowA.getByRole('button', { name: `Elimina la prenotazione ${code}` })).toBeDisabled();
  await expect(rowA).toContainText('sbloccala per eliminarla');
  await expect(failedRow(b.page, code).getByRole('switch', { name: `Bloccata, prenotazione ${code}` })).toBeChecked(LIVE);
  await expect(failedRow(b.page, code).getByRole('button', { name: `Elimina la prenotazione ${code}` })).toBeDisabled();

  await rowA.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` }).click();
  const panel = a.page.getByTestId('payment-link-panel');
  const email = panel.getByLabel('Email per invio link');
  await email.fill(' cliente@example.test');
  await panel.getByRole('button', { name: 'Invia link' }).click();
  await expect(panel).toContainText('Email per invio link non valida! - ricontrollare anche possibili spazi vuoti -');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // Fixed: the link is generated and shown with a copy control and the address it went to.
  await email.fill('cliente@example.test');
  await panel.getByRole('button', { name: 'Invia link' }).click();
  const result = a.page.getByTestId('payment-link-result');
  await expect(result).toContainText('Inviato a cliente@example.test');
  await expect(result.getByRole('textbox', { name: 'Link di pagamento' })).toHaveValue(/^https?:\/\//);
  await expect(result.getByRole('button', { name: 'Copia link' })).toBeVisible();
  await expect(result).toBeFocused();

  await a.context.close();
  await b.context.close();
});

test('a row taken while this screen was not listening: a clear 409 refusal, the list catches up, and the dropped channel reconnects by itself', async ({ browser }) => {
  const code = await abandonedBuyerBooking(browser);
  const a = await staffContext(browser, ADMIN);
  const b = await staffContext(browser, PRENOTAFULL);
  // B's live channel is cut: every attempt is closed at once until `listening` turns true.
  let listening = false;
  await b.page.routeWebSocket(/\/app\/heliline\?/, (ws) => {
    if (listening) ws.connectToServer();
    else void ws.close();
  });
  await openFailedList(a.page);
  await b.page.goto('/bookings-failed');
  // pusher-js keeps trying; once it has had no connection for its unavailable timeout the screen says so.
  await expect(b.page.getByTestId('live-status')).toHaveAttribute('data-status', 'reconnecting', { timeout: LIVE_CONNECT_MS });
  await expect(b.page.getByTestId('live-status')).toContainText('riconnessione in corso');
  const rowB = failedRow(b.page, code);
  await expect(rowB).toBeVisible();

  await failedRow(a.page, code)
    .getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` })
    .click();
  await expect(a.page.getByTestId('payment-link-panel')).toBeVisible();
  // B did not hear it and tries the same row: refused, told who has it, list read again.
  await rowB.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` }).click();
  await expect(b.page.getByRole('alert').filter({ hasText: 'Operazione non riuscita' })).toContainText(ADMIN);
  await expect(rowB.getByTestId('in-use-by')).toHaveText(`in uso da ${ADMIN}`);

  listening = true;
  // pusher-js is between attempts (each waits longer, up to 60 s), then handshakes.
  await expect(b.page.getByTestId('live-status')).toHaveAttribute('data-status', 'connected', { timeout: LIVE_CONNECT_MS });
  await a.page.getByRole('button', { name: `Rilascia la prenotazione ${code}` }).click();
  await expect(rowB.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` })).toBeEnabled(LIVE);
  await a.context.close();
  await b.context.close();
});

/** Presses Tab until `target` has focus (keyboard.spec.ts style). */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reached by Tab').toBeFocused({ timeout: 1 });
}

test('keyboard alone: select a booking, release it, delete it through the confirmation', async ({ browser }) => {
  const code = await abandonedBuyerBooking(browser);
  const { context, page } = await staffContext(browser, ADMIN);
  await openFailedList(page);
  const row = failedRow(page, code);
  const select = row.getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` });
  await tabTo(page, select);
  await page.keyboard.press('Space');
  await expect(select).toBeChecked();
  await expect(page.getByTestId('payment-link-panel')).toBeVisible();

  const release = row.getByRole('button', { name: `Rilascia la prenotazione ${code}` });
  await tabTo(page, release);
  await page.keyboard.press('Enter');
  await expect(select).not.toBeChecked();

  const remove = row.getByRole('button', { name: `Elimina la prenotazione ${code}` });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Eliminare la prenotazione ${code}?` });
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Elimina', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('failed-live-region')).toContainText('stata rimossa');
  await context.close();
});

test('retry: a Prenotazioni clerk picks an own failed booking and sends a new payment link', async ({ browser }) => {
  const { context, page } = await staffContext(browser, PRENOTAZIONI);
  const { code } = await createBooking(page.request, -1);
  await expireAndSweep(page.request, code);
  await page.goto('/it/prenotazioni');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo tentativo di prenotazione' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(code) }).check();
  await expect(page.getByRole('radio', { name: 'Link di pagamento via email' })).toBeChecked();
  await page.getByLabel('Email per invio link').fill('cliente.nuovo@example.test');
  await page.getByRole('button', { name: `Ritenta la prenotazione ${code}` }).click();
  const outcome = page.getByTestId('retry-outcome');
  await expect(outcome).toHaveAttribute('data-kind', 'link');
  await expect(outcome).toContainText('cliente.nuovo@example.test');
  await expect(outcome.getByRole('textbox', { name: 'Link di pagamento' })).toHaveValue(/^https?:\/\//);
  await context.close();
});

test('accessibility (axe at 360 and 1280 px): the failed list with a row selected, and the retry screen; screenshots', async ({ browser }) => {
  const code = await abandonedBuyerBooking(browser);
  const { context, page } = await staffContext(browser, PRENOTAZIONI);
  await openFailedList(page);
  await failedRow(page, code)
    .getByRole('checkbox', { name: `Seleziona la prenotazione ${code}` })
    .click();
  await expect(page.getByTestId('payment-link-panel')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/staff-failed-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/staff-failed-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const own = await createBooking(page.request, -1);
  await expireAndSweep(page.request, own.code);
  await page.goto('/en/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Retry a booking' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(own.code) }).check();
  await expect(page.getByLabel('E-mail for the payment link')).toHaveValue(/@/);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/staff-retry-1280.png', fullPage: true });
  await context.close();
});

test('a user without the staff roles sees the forbidden message', async ({ browser }) => {
  const { context, page } = await staffContext(browser, 'prenota@heliline.test');
  await page.goto('/bookings-failed');
  await expect(page.getByRole('alert')).toContainText('Accesso non consentito');
  await page.goto('/it/prenotazioni');
  await expect(page.getByRole('alert')).toContainText('Accesso non consentito');
  await context.close();
});
