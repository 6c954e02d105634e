import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { deskFlight, deskTickets } from './checkin-support.ts';
import { Client, buildTestApp, type TestApp } from './helpers.ts';
import { staffUsers } from './staff-support.ts';

/** The manifest CSV (issue 52 item 4): RFC 4180, read back by a real CSV parser, formulas still inert. */
const t: TestApp = await buildTestApp();
let users: Awaited<ReturnType<typeof staffUsers>>;
beforeAll(async () => {
  users = await staffUsers(t.app);
});

interface Cell {
  value: string;
  quoted: boolean;
}

/** Every cell of the CSV as the parser reads it, and whether it came quoted. */
function cells(csv: string): Cell[][] {
  return parse(csv, {
    delimiter: ';',
    bom: true,
    relax_column_count: true,
    cast: (value, context) => ({ value, quoted: context.quoting }),
  }) as unknown as Cell[][];
}

const NAMES = [
  { lastname: 'x,=1+1,y', firstname: "z,=cmd|' /C calc'!A0,w" },
  { lastname: '=1+1', firstname: 'O"Neil;Smith' },
  { lastname: 'Multi\r\nLine', firstname: '@SUM(A1)' },
];

describe('manifest CSV', () => {
  it('a spreadsheet parser reads back every name as one cell; commas, quotes, semicolons and line breaks are quoted; formulas stay inert', async () => {
    const flight = await deskFlight(t.db);
    const { numbers } = await deskTickets(t.app, flight, users.buyer.id, NAMES.length);
    for (const [i, names] of NAMES.entries()) await t.db.updateTable('tickets').set(names).where('ticket_nr', '=', numbers[i]!).execute();
    const res = await new Client(t.app).request({ method: 'GET', url: `/api/admin/check-in/flights/${flight.flightId}/manifest.csv?lang=en`, bearer: users.Admin.token });
    expect(res.statusCode).toBe(200);
    const rows = cells(res.body);
    const header = rows.find((r) => r[1]?.value === 'Ticket')!.map((c) => c.value);
    const width = header.length;
    const [last, first] = [header.indexOf('Last name'), header.indexOf('First name')];
    for (const [i, names] of NAMES.entries()) {
      const row = rows.find((r) => r[1]?.value === numbers[i])!;
      expect(row, numbers[i]).toHaveLength(width);
      const inert = (v: string) => (/^[=+\-@]/.test(v) ? `'${v}` : v);
      expect(row[last]!.value).toBe(inert(names.lastname));
      expect(row[first]!.value).toBe(inert(names.firstname));
    }
    for (const cell of rows.flat()) {
      if (/[,";\r\n]/.test(cell.value)) expect(cell.quoted, cell.value).toBe(true);
      expect(cell.value, 'no formula reaches a spreadsheet').not.toMatch(/^[=+@]/);
    }
  });
});
