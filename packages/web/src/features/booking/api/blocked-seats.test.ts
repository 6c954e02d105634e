import { afterEach, describe, expect, it, vi } from 'vitest';
import wizardIt from '../../../i18n/wizard.it.json';
import { removeBlock, removeBlockError } from './blocked-seats.ts';

/** Spec 001 §8: a block removal that fails shows the server's message, or 'Errore di sistema' when the answer is unreadable. */
function serverAnswers(status: number, body: string, type: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/sanctum/csrf-cookie' ? new Response(null, { status: 204 }) : new Response(body, { status, headers: { 'content-type': type } }),
    ),
  );
}
const removal = () =>
  removeBlock({ bookingCode: 'K7MPQ4X2', userId: 1 }).then(
    () => undefined,
    (error: unknown) => error,
  );

afterEach(() => vi.unstubAllGlobals());

describe('a failed block removal', () => {
  it.each([
    [502, '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    [200, '<!doctype html><title>Heliline</title>'],
  ])('%i with an HTML page: no message from it, so the step shows its own', async (status, html) => {
    serverAnswers(status, html, 'text/html');
    const error = await removal();
    expect(error).toBeDefined();
    expect(removeBlockError(error, 'it')).toBeUndefined();
    expect(wizardIt.blocked.systemError).toBe('Errore di sistema');
  });

  it("shows the server's message in the UI language", async () => {
    serverAnswers(409, JSON.stringify({ message: 'In uso', messages: { it: 'Prenotazione in uso', en: 'Booking in use' } }), 'application/json');
    expect(removeBlockError(await removal(), 'en')).toBe('Booking in use');
  });
});
