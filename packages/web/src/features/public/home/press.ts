import type { Localized } from '@heliline/domain';
import { paths } from '../../../lib/paths.ts';

/**
 * The press-review list on home: the news the operator published (the helipad openings, whose
 * articles live in packages/content/content/helipad-posts), newest first.
 */
export interface PressItem {
  date: string;
  title: Localized;
  to: string;
}

export const PRESS_REVIEW: readonly PressItem[] = [
  {
    date: '2023-03-18',
    title: { it: "Celenza Valfortore, un'elisuperficie per i Monti Dauni", en: 'Celenza Valfortore, a helipad for the Daunian Mountains' },
    to: paths.helipadPost('celenza-valfortore'),
  },
  {
    date: '2021-06-25',
    title: {
      it: 'Peschici, nuova elisuperficie e partenze estive per le Isole Tremiti',
      en: 'Peschici opens a new helipad with summer departures to the Tremiti Islands',
    },
    to: paths.helipadPost('peschici'),
  },
  {
    date: '2019-07-12',
    title: {
      it: 'Supersano ha la sua elisuperficie: il Salento più vicino al soccorso',
      en: 'Supersano gets its helipad, bringing rescue closer to the Salento',
    },
    to: paths.helipadPost('supersano'),
  },
  {
    date: '2018-05-17',
    title: {
      it: 'Inaugurata la nuova elisuperficie in quota del Policlinico di Bari',
      en: 'New rooftop helipad opens at Bari Polyclinic hospital',
    },
    to: paths.helipadPost('policlinico-bari'),
  },
];
