/**
 * Demo accounts, seeded only when SEED_DEMO is on (never in production): one per kind of
 * user and per staff role, all with the same password. The README's table of demo logins is
 * written from DEMO_ACCOUNTS; e2e tests log in with these.
 */
export const DEMO_PASSWORD = 'Heliline2026';

interface DemoPax {
  lastname: string;
  firstname: string;
  gender: 'M' | 'F' | null;
  birthdate: string | null; // YYYY-MM-DD
  address: string;
  city: string;
  province: string;
  country_code: string;
  zipcode: string;
  telephone: string;
  document_type_id: number | null; // 1 ID card, 2 passport, 3 driving licence
  document_num: string | null;
}

export interface DemoAccount {
  email: string;
  password: string;
  /** What the account is, for the README and test names. */
  description: string;
  roles: readonly string[];
  verified: boolean;
  agency: boolean;
  agencyAuthorised: boolean;
  pax: DemoPax;
}

const person = (
  firstname: string,
  lastname: string,
  gender: 'M' | 'F',
  birthdate: string,
  address: string,
  city: string,
  zipcode: string,
  telephone: string,
  document: [number, string],
  province = 'FG',
): DemoPax => ({
  lastname,
  firstname,
  gender,
  birthdate,
  address,
  city,
  province,
  country_code: 'IT',
  zipcode,
  telephone,
  document_type_id: document[0],
  document_num: document[1],
});

/** Agencies: company name as last name, VAT number as first name, no personal data (spec). */
const agency = (company: string, vat: string, address: string, city: string, province: string, zipcode: string, telephone: string): DemoPax => ({
  lastname: company,
  firstname: vat,
  gender: null,
  birthdate: null,
  address,
  city,
  province,
  country_code: 'IT',
  zipcode,
  telephone,
  document_type_id: null,
  document_num: null,
});

const account = (email: string, description: string, pax: DemoPax, extra: Partial<DemoAccount> = {}): DemoAccount => ({
  email,
  password: DEMO_PASSWORD,
  description,
  roles: [],
  verified: true,
  agency: false,
  agencyAuthorised: false,
  pax,
  ...extra,
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account(
    'admin@heliline.test',
    'Admin: authorises agencies, extra flights, staff payment area, cash and operator account',
    person('Antonio', 'De Santis', 'M', '1971-02-08', 'Viale Michelangelo 41', 'Foggia', '71121', '+39 0881 617201', [1, 'CA21874FG']),
    { roles: ['Admin'] },
  ),
  account(
    'user@heliline.test',
    'Private user, verified, with a full passenger profile',
    person('Maria', 'Lombardi', 'F', '1986-04-12', 'Lungomare Enrico Mattei 22', 'Vieste', '71019', '+39 333 482 1190', [1, 'CA48213VD']),
  ),
  account(
    'agency@heliline.test',
    'Travel agency, verified and authorised by the administrator',
    agency('Gargano Viaggi S.r.l.', 'IT01234567890', 'Corso Giuseppe Garibaldi 45', 'Foggia', 'FG', '71121', '+39 0881 700100'),
    { agency: true, agencyAuthorised: true },
  ),
  account(
    'agency.pending@heliline.test',
    'Travel agency, verified, waiting for the administrator to authorise it',
    agency('Tremiti Tour S.a.s.', 'IT09876543210', 'Via Roma 8', 'Termoli', 'CB', '86039', '+39 0875 702233'),
    { agency: true, agencyAuthorised: false },
  ),
  account(
    'unverified@heliline.test',
    'Private user who has not confirmed the e-mail address yet',
    person('Luca', 'Esposito', 'M', '1992-09-03', 'Via Napoli 15', 'San Severo', '71016', '+39 347 905 6621', [2, 'YA1234567']),
    { verified: false },
  ),
  account(
    'prenotazioni@heliline.test',
    'Staff, role Prenotazioni: bookings with discounts, exemptions and payment links',
    person('Francesca', 'Colella', 'F', '1983-11-27', 'Via della Repubblica 3', 'Manfredonia', '71043', '+39 0884 581120', [1, 'CA77310MF']),
    { roles: ['Prenotazioni'] },
  ),
  account(
    'prenotafull@heliline.test',
    'Staff, role PrenotaFull: like Prenotazioni',
    person('Michele', 'Ferrara', 'M', '1979-06-30', 'Piazza Padre Pio 9', 'San Giovanni Rotondo', '71013', '+39 0882 456712', [3, 'FG5123456K']),
    { roles: ['PrenotaFull'] },
  ),
  account(
    'prenota@heliline.test',
    'Staff, role Prenota (named by the spec, no extra rights shown)',
    person('Giulia', 'Ricci', 'F', '1995-01-19', 'Via Zuppetta 27', 'Lucera', '71036', '+39 320 118 4470', [1, 'CA90412LU']),
    { roles: ['Prenota'] },
  ),
  account(
    'cassa@heliline.test',
    'Staff, role PagamentoCash: records cash payments',
    person('Rosa', 'Gentile', 'F', '1968-08-14', 'Corso Aldo Moro 112', 'Cerignola', '71042', '+39 0885 421903', [1, 'CA33058CE']),
    { roles: ['PagamentoCash'] },
  ),
  account(
    'operatore@heliline.test',
    "Staff, role PagamentoContoOperatore (the spec's Pagamento{product}): pays on the operator account",
    person('Nicola', 'Lauriola', 'M', '1988-03-05', "Via Sant'Antonio Abate 6", "Monte Sant'Angelo", '71037', '+39 0884 563019', [2, 'YB7654321']),
    { roles: ['PagamentoContoOperatore'] },
  ),
];
