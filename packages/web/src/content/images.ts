import type { Lang } from '@heliline/domain/i18n/messages';

/**
 * Alt texts of the site's own illustrations, keyed by public path.
 * Every image under /images (except payment logos) and the video poster has an entry,
 * so a page never ships one of our pictures without a description in both languages.
 */
const IMAGE_ALTS: Record<string, { it: string; en: string }> = {
  '/images/company/carousel-1.svg': {
    it: 'Elicottero blu in volo sopra le falesie bianche delle Isole Tremiti, con il mare turchese e una barca sotto',
    en: 'A blue helicopter flying past the white cliffs of the Tremiti Islands, above a turquoise sea and a small boat',
  },
  '/images/company/carousel-2.svg': {
    it: "L'eliporto di Foggia all'alba: il terminal illuminato, la piazzola con le luci verdi e un elicottero pronto al decollo",
    en: 'Foggia heliport at dawn: the lit terminal, the pad with its green lights and a helicopter ready for take-off',
  },
  '/images/company/carousel-3.svg': {
    it: 'Elicottero sanitario bianco e rosso sulla piazzola in quota di un ospedale, con due soccorritori e la barella',
    en: 'A white and red air ambulance on a hospital rooftop helipad, with two crew members and a stretcher',
  },
  '/images/company/carousel-4.svg': {
    it: 'Hangar di manutenzione: un tecnico sulla pedana lavora al motore di un elicottero con la cofanatura aperta',
    en: 'Maintenance hangar: an engineer on a work stand services the engine of a helicopter with its cowling open',
  },
  '/images/company/carousel-5.svg': {
    it: 'Abitacolo di un elicottero da addestramento visto da dietro: istruttore e allievo, il cruscotto e la costa davanti',
    en: 'Inside a training helicopter seen from behind: instructor and student, the instrument panel and the coast ahead',
  },
  '/images/company/additional-services.svg': {
    it: 'Elicottero che trasporta un carico al gancio baricentrico sopra una collina, con un operatore a terra',
    en: 'A helicopter carrying an underslung load over a hillside, with a ground operator below',
  },
  '/images/company/apulian-heli-network.svg': {
    it: 'Mappa della Puglia con i punti delle elisuperfici della rete collegati da linee tratteggiate',
    en: "A map of Apulia with the network's helipads shown as dots joined by dashed lines",
  },
  '/images/company/auths-certs.svg': {
    it: 'Tre badge di certificazione stilizzati: Part-145, Part-ORO e ISO 9001',
    en: 'Three stylised certification badges: Part-145, Part-ORO and ISO 9001',
  },
  '/images/company/civil-protection.svg': {
    it: 'Elicottero con benna antincendio sopra una pineta del Gargano, con una colonna di fumo sullo sfondo',
    en: 'A helicopter carrying a firefighting bucket over a Gargano pine forest, with a column of smoke in the background',
  },
  '/images/company/doa.svg': {
    it: "Ingegnere al computer con il modello tridimensionale di un elicottero e di un'installazione in cabina",
    en: 'An engineer at a computer with a 3D model of a helicopter and a cabin installation',
  },
  '/images/company/finanzia-il-tuo-addestramento.svg': {
    it: 'Allievo pilota sorridente accanto a un elicottero, con un salvadanaio e un calendario di rate stilizzati',
    en: 'A smiling student pilot next to a helicopter, with a stylised piggy bank and instalment calendar',
  },
  '/images/company/flight-operations.svg': {
    it: 'Sala operativa con il pianificatore di volo davanti alle carte meteo e alla mappa del Gargano',
    en: 'The operations room, with a flight dispatcher in front of weather charts and a map of the Gargano',
  },
  '/images/company/heliport-design-construction-management.svg': {
    it: "Disegno tecnico di un'elisuperficie vista dall'alto, con le quote, la H centrale e le superfici di avvicinamento",
    en: 'A technical drawing of a helipad seen from above, with dimensions, the central H and the approach surfaces',
  },
  '/images/company/maintenance.svg': {
    it: 'Hangar di manutenzione con un elicottero senza cofanature, un tecnico al lavoro sul rotore e gli attrezzi ordinati a parete',
    en: 'A maintenance hangar with a helicopter with its cowlings open, an engineer working on the rotor and tools neatly arranged on the wall',
  },
  '/images/company/medical-transport.svg': {
    it: 'Elicottero sanitario bianco con la croce rossa posato sulla piazzola di un ospedale, con la barella pronta',
    en: 'A white air ambulance with a red cross parked on a hospital helipad, with a stretcher ready',
  },
  '/images/company/offshore.svg': {
    it: 'Elicottero in avvicinamento al ponte di atterraggio di una piattaforma in mare aperto',
    en: 'A helicopter approaching the helideck of a platform out at sea',
  },
  '/images/company/profile.svg': {
    it: 'Elicottero Heliline in volo sopra le falesie delle Isole Tremiti al mattino',
    en: 'A Heliline helicopter flying over the cliffs of the Tremiti Islands in the morning',
  },
  '/images/company/scheduled-flights.svg': {
    it: 'Mappa stilizzata del Gargano con le rotte da Foggia verso Vieste, Peschici e le Isole Tremiti',
    en: 'A stylised map of the Gargano with routes from Foggia to Vieste, Peschici and the Tremiti Islands',
  },
  '/images/company/tea-centre.svg': {
    it: 'Candidato con cuffie e microfono davanti a un esaminatore, con una carta aeronautica sul tavolo',
    en: 'A candidate wearing a headset and microphone facing an examiner, with an aeronautical chart on the table',
  },
  '/images/company/training.svg': {
    it: "Allievo pilota e istruttore nell'abitacolo di un elicottero da addestramento, con il cruscotto e la pista davanti",
    en: 'A student pilot and an instructor in the cockpit of a training helicopter, with the instrument panel and the runway ahead',
  },
  '/images/helipad-posts/1/cover.svg': {
    it: "L'elicottero sanitario bianco e rosso posato sulla piazzola illuminata in cima all'ospedale, con la città di Bari sullo sfondo",
    en: 'The white and red air ambulance parked on the lit rooftop helipad of the hospital, with the city of Bari in the background',
  },
  '/images/helipad-posts/1/1.svg': {
    it: "Taglio del nastro tricolore davanti all'elicottero durante l'inaugurazione al Policlinico di Bari",
    en: 'Cutting the tricolour ribbon in front of the helicopter at the Bari Polyclinic opening',
  },
  '/images/helipad-posts/1/2.svg': {
    it: "Vista dall'alto della piazzola del Policlinico di Bari con l'elicottero al centro e le luci perimetrali",
    en: 'Aerial view of the Bari Polyclinic helipad with the helicopter in the middle and the perimeter lights',
  },
  '/images/helipad-posts/1/3.svg': {
    it: "La piazzola del Policlinico di Bari illuminata di notte, con l'elicottero pronto al decollo",
    en: 'The Bari Polyclinic helipad lit up at night, with the helicopter ready for take-off',
  },
  '/images/helipad-posts/1/4.svg': {
    it: "L'equipaggio e i soccorritori con la barella accanto all'elicottero al Policlinico di Bari",
    en: 'Crew and rescuers with a stretcher beside the helicopter at Bari Polyclinic',
  },
  '/images/helipad-posts/1/5.svg': {
    it: "L'elicottero decolla dalla piazzola del Policlinico di Bari mentre i presenti salutano",
    en: 'The helicopter takes off from the Bari Polyclinic helipad as onlookers wave',
  },
  '/images/helipad-posts/2/cover.svg': {
    it: "Vista dall'alto della piazzola circolare con il cerchio giallo e un elicottero posato al centro, circondata da ulivi e terra rossa",
    en: 'Aerial view of the circular landing pad with its yellow circle and a helicopter parked in the middle, surrounded by olive trees and red earth',
  },
  '/images/helipad-posts/2/1.svg': {
    it: 'Elicottero posato sulla nuova piazzola di Supersano',
    en: 'A helicopter parked on the new helipad at Supersano',
  },
  '/images/helipad-posts/2/2.svg': {
    it: "Taglio del nastro tricolore davanti all'elicottero durante l'inaugurazione a Supersano",
    en: 'Cutting the tricolour ribbon in front of the helicopter at the Supersano opening',
  },
  '/images/helipad-posts/2/3.svg': {
    it: "L'equipaggio e i soccorritori con la barella accanto all'elicottero a Supersano",
    en: 'Crew and rescuers with a stretcher beside the helicopter at Supersano',
  },
  '/images/helipad-posts/2/4.svg': {
    it: "L'elicottero decolla dalla piazzola di Supersano mentre i presenti salutano",
    en: 'The helicopter takes off from the Supersano helipad as onlookers wave',
  },
  '/images/helipad-posts/3/cover.svg': {
    it: 'Elicottero blu in volo sopra la piazzola di Peschici, con il borgo bianco sulla rupe e il mare del Gargano alle spalle',
    en: 'A blue helicopter flying above the Peschici helipad, with the white village on its cliff and the Gargano sea behind',
  },
  '/images/helipad-posts/3/1.svg': {
    it: "Taglio del nastro tricolore davanti all'elicottero durante l'inaugurazione a Peschici",
    en: 'Cutting the tricolour ribbon in front of the helicopter at the Peschici opening',
  },
  '/images/helipad-posts/3/2.svg': {
    it: "Vista dall'alto della piazzola di Peschici con l'elicottero al centro e le luci perimetrali",
    en: 'Aerial view of the Peschici helipad with the helicopter in the middle and the perimeter lights',
  },
  '/images/helipad-posts/3/3.svg': {
    it: 'Il piccolo terminal di Peschici con il banco check-in e i passeggeri in attesa',
    en: 'The small Peschici terminal with the check-in desk and waiting passengers',
  },
  '/images/helipad-posts/3/4.svg': {
    it: "La piazzola di Peschici illuminata di notte, con l'elicottero pronto al decollo",
    en: 'The Peschici helipad lit up at night, with the helicopter ready for take-off',
  },
  '/images/helipad-posts/3/5.svg': {
    it: 'Elicottero posato sulla nuova piazzola di Peschici',
    en: 'A helicopter parked on the new helipad at Peschici',
  },
  '/images/helipad-posts/3/6.svg': {
    it: "L'equipaggio e i soccorritori con la barella accanto all'elicottero a Peschici",
    en: 'Crew and rescuers with a stretcher beside the helicopter at Peschici',
  },
  '/images/helipad-posts/4/cover.svg': {
    it: 'Piazzola illuminata al tramonto su una collina dei Monti Dauni, con le pale eoliche e il lago di Occhito in lontananza',
    en: 'A lit landing pad at sunset on a hill in the Daunian Mountains, with wind turbines and Lake Occhito in the distance',
  },
  '/images/helipad-posts/4/1.svg': {
    it: "Taglio del nastro tricolore davanti all'elicottero durante l'inaugurazione a Celenza Valfortore",
    en: 'Cutting the tricolour ribbon in front of the helicopter at the Celenza Valfortore opening',
  },
  '/images/helipad-posts/4/2.svg': {
    it: "L'equipaggio e i soccorritori con la barella accanto all'elicottero a Celenza Valfortore",
    en: 'Crew and rescuers with a stretcher beside the helicopter at Celenza Valfortore',
  },
  '/images/helipad-posts/4/3.svg': {
    it: "La piazzola di Celenza Valfortore illuminata di notte, con l'elicottero pronto al decollo",
    en: 'The Celenza Valfortore helipad lit up at night, with the helicopter ready for take-off',
  },
  '/images/home/hero.svg': {
    it: 'Elicottero Heliline in volo lungo la costa del Gargano al tramonto, con il faraglione bianco e il borgo sul promontorio',
    en: 'A Heliline helicopter flying along the Gargano coast at sunset, past the white sea stack and the village on the headland',
  },
  '/images/home/gargano-map.svg': {
    it: 'Mappa del Gargano con le rotte in elicottero da Foggia verso Vieste, Peschici e le Isole Tremiti',
    en: 'Map of the Gargano showing the helicopter routes from Foggia to Vieste, Peschici and the Tremiti Islands',
  },
  '/images/home/safety-cleaning.svg': {
    it: 'Sedile di un elicottero con le cinture, un flacone di disinfettante e uno scudo con il segno di spunta: pulizia e sicurezza a bordo',
    en: 'A helicopter seat with its harness, a bottle of disinfectant and a shield with a tick: cleaning and safety on board',
  },
  '/images/home/service-scheduled.svg': {
    it: 'Icona dei voli di linea: elicottero sopra il mare',
    en: 'Scheduled flights icon: a helicopter above the sea',
  },
  '/images/home/service-charter.svg': {
    it: 'Icona dei voli charter: elicottero con una stella',
    en: 'Charter flights icon: a helicopter with a star',
  },
  '/images/home/service-ambulance.svg': {
    it: 'Icona di elisoccorso: croce rossa',
    en: 'Air ambulance icon: a red cross',
  },
  '/images/home/service-maintenance.svg': {
    it: 'Icona della manutenzione: chiave inglese',
    en: 'Maintenance icon: a spanner',
  },
  '/images/home/service-training.svg': {
    it: 'Icona della scuola di volo: tocco accademico',
    en: 'Flight training icon: a mortarboard',
  },
  '/images/home/service-heliports.svg': {
    it: 'Icona delle elisuperfici: lettera H in un cerchio',
    en: 'Heliports icon: the letter H in a circle',
  },
  '/images/home/service-network.svg': {
    it: 'Icona della rete di elisuperfici: punti collegati',
    en: 'Heliport network icon: connected dots',
  },
  '/images/press/press-review.svg': {
    it: 'Icona della rassegna stampa: un giornale',
    en: 'Press review icon: a newspaper',
  },
  '/images/partners/ondablu.svg': {
    it: 'Logo di Ondablu Viaggi, tour operator',
    en: 'Ondablu Viaggi tour operator logo',
  },
  '/images/partners/sole-di-daunia.svg': {
    it: 'Logo di Sole di Daunia, tour ed escursioni',
    en: 'Sole di Daunia tours and excursions logo',
  },
  '/images/partners/advertiser-levantina.svg': {
    it: 'Logo di Levantina Assicurazioni',
    en: 'Levantina Assicurazioni insurance logo',
  },
  '/images/partners/advertiser-ulivo-doro.svg': {
    it: "Logo di Ulivo d'Oro Hotels & Resorts",
    en: "Ulivo d'Oro Hotels & Resorts logo",
  },
  '/images/partners/advertiser-carburanti-adriatici.svg': {
    it: 'Logo di Carburanti Adriatici, carburante per aviazione',
    en: 'Carburanti Adriatici aviation fuel logo',
  },
  '/images/partners/falchetto.svg': {
    it: 'Logo di Falchetto Avionica, avionica e radio',
    en: 'Falchetto Avionica avionics and radio logo',
  },
  '/images/partners/service-centre.svg': {
    it: 'Logo di Rotorsud, centro assistenza di Foggia',
    en: 'Rotorsud service centre, Foggia, logo',
  },
  '/images/certifications/part-145.svg': {
    it: 'Attestato Part-145: impresa di manutenzione approvata',
    en: 'Part-145 badge: approved maintenance organisation',
  },
  '/images/certifications/part-oro.svg': {
    it: 'Attestato Part-ORO: operatore aereo certificato',
    en: 'Part-ORO badge: certified air operator',
  },
  '/images/certifications/iso-9001.svg': {
    it: 'Attestato ISO 9001: sistema di gestione della qualità certificato',
    en: 'ISO 9001 badge: certified quality management system',
  },
  '/media/profile-poster.svg': {
    it: 'Fotogramma del video di presentazione: un elicottero Heliline sopra la costa del Gargano',
    en: 'Still from the company video: a Heliline helicopter above the Gargano coast',
  },
};

/** The company pages' carousel, in display order (spec: 5 photos). */
export const COMPANY_CAROUSEL = [
  '/images/company/carousel-1.svg',
  '/images/company/carousel-2.svg',
  '/images/company/carousel-3.svg',
  '/images/company/carousel-4.svg',
  '/images/company/carousel-5.svg',
] as const;

export const GARGANO_MAP = '/images/home/gargano-map.svg';
export const SAFETY_CLEANING_IMAGE = '/images/home/safety-cleaning.svg';
export const PRESS_ICON = '/images/press/press-review.svg';

/** Home services strip: one line icon per activity. */
export const HOME_SERVICE_ICONS = {
  scheduled: '/images/home/service-scheduled.svg',
  charter: '/images/home/service-charter.svg',
  ambulance: '/images/home/service-ambulance.svg',
  maintenance: '/images/home/service-maintenance.svg',
  training: '/images/home/service-training.svg',
  heliports: '/images/home/service-heliports.svg',
  network: '/images/home/service-network.svg',
} as const;

/** Partner logos (fictional companies), in display order. */
export const PARTNER_LOGOS = ['/images/partners/ondablu.svg', '/images/partners/sole-di-daunia.svg', '/images/partners/falchetto.svg'] as const;

/** Advertiser logos (fictional companies; file names start with advertiser-). */
export const ADVERTISER_LOGOS = [
  '/images/partners/advertiser-levantina.svg',
  '/images/partners/advertiser-ulivo-doro.svg',
  '/images/partners/advertiser-carburanti-adriatici.svg',
] as const;

export const SERVICE_CENTRE_LOGO = '/images/partners/service-centre.svg';

/** Certification badges (fictional references, no real marks). */
export const CERTIFICATION_BADGES = ['/images/certifications/part-145.svg', '/images/certifications/part-oro.svg', '/images/certifications/iso-9001.svg'] as const;

/** Alt text of an image in the given language; empty (decorative) when the path has no entry. */
export function imageAlt(path: string, lang: Lang): string {
  return IMAGE_ALTS[path]?.[lang] ?? '';
}
