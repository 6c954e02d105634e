/**
 * The operator's main base (Foggia heliport) and its contacts, shown on the contacts and
 * directions pages. Fictional but consistent: the e-mail addresses are the server's defaults for
 * CONTACT_EMAIL / FLIGHT_ASSISTANCE_EMAIL, so what the page says is where the form's mail goes.
 */
export const BASE = {
  name: 'Heliline — Base elicotteri di Foggia',
  street: 'Viale degli Aviatori 120',
  postcode: '71122',
  city: 'Foggia',
  province: 'FG',
  /** Map coordinates (WGS84) for the OpenStreetMap link. */
  lat: 41.4395,
  lon: 15.5475,
} as const;

export const CONTACTS = {
  phone: '+39 0881 000 100',
  fax: '+39 0881 000 109',
  bookingsPhone: '+39 0881 000 200',
  flightAssistanceEmail: 'voli@heliline.test',
  companyEmail: 'info@heliline.test',
  certifiedEmail: 'heliline@pec.heliline.test',
} as const;

export const osmLink = `https://www.openstreetmap.org/?mlat=${BASE.lat}&mlon=${BASE.lon}#map=15/${BASE.lat}/${BASE.lon}`;

/** tel: links want the digits only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
