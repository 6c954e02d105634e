import { PDF_FORM_KINDS } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { formFieldNames, formFileName, renderForm } from '../src/modules/pdf/forms.ts';
import { hasAcroForm, pdfFormFields, pdfText } from './my-tickets-pdf-support.ts';

describe('check-in forms (renderForm)', () => {
  for (const kind of PDF_FORM_KINDS) {
    for (const lang of ['it', 'en'] as const) {
      it(`${kind} (${lang}) is a valid PDF with an AcroForm and every expected field`, async () => {
        const pdf = await renderForm(kind, lang, undefined, { compress: false });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(pdf.subarray(-6).toString()).toContain('%%EOF');
        expect(hasAcroForm(pdf)).toBe(true);
        expect(pdf.toString('latin1').match(/\/Type \/Page\b/g), 'one A4 page').toHaveLength(1);
        const fields = pdfFormFields(pdf);
        expect(fields.map((f) => f.name)).toEqual(formFieldNames(kind, lang));
        for (const name of ['passenger_lastname', 'passenger_firstname', 'passenger_birthdate', 'flight_date', 'place_date', 'signature']) {
          expect(fields.find((f) => f.name === name)?.type, name).toBe('Tx');
        }
        expect(fields.find((f) => f.name === 'declaration_accepted')?.type).toBe('Btn');
      });
    }
  }

  it('speaks the language asked for', async () => {
    const it = pdfText(await renderForm('pregnant', 'it', undefined, { compress: false }));
    const en = pdfText(await renderForm('pregnant', 'en', undefined, { compress: false }));
    expect(it).toContain('gravidanza');
    expect(it).toContain('FIRMA DEL DICHIARANTE');
    expect(en).toContain('Pregnant passenger declaration (up to the 8th month)');
    expect(en).toContain("DECLARANT'S SIGNATURE");
    expect(formFileName('minor', 'it')).toBe('heliline-modulo-minore-non-accompagnato.pdf');
    expect(formFileName('weapons', 'en')).toBe('heliline-form-weapons-ammunition.pdf');
  });

  it('is pre-filled with the booking and passenger data given, other fields left blank', async () => {
    const pdf = await renderForm(
      'minor',
      'it',
      {
        lastname: 'Rossi',
        firstname: 'Niccolò',
        birthDate: '02/05/2015',
        bookingCode: 'K7MPQ4X2',
        ticketNr: '1234567',
        flightCode: 'LID101',
        flightDate: '10/07/2026 09:00',
        route: 'Foggia – Isole Tremiti',
      },
      { compress: false },
    );
    const value = (name: string) => pdfFormFields(pdf).find((f) => f.name === name)?.value;
    expect(value('passenger_lastname')).toBe('Rossi');
    expect(value('passenger_firstname')).toBe('Niccolò');
    expect(value('passenger_birthdate')).toBe('02/05/2015');
    expect(value('booking_code')).toBe('K7MPQ4X2');
    expect(value('ticket_nr')).toBe('1234567');
    expect(value('route')).toBe('Foggia – Isole Tremiti');
    expect(value('guardian_fullname')).toBe('');
    expect(value('signature')).toBe('');
  });

  it('compressed (as mailed) is still a PDF with its fields', async () => {
    const pdf = await renderForm('weapons', 'en', { lastname: 'Bianchi' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfFormFields(pdf).find((f) => f.name === 'weapon_serial')?.type).toBe('Tx');
  });
});
