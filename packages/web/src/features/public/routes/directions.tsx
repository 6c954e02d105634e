import { formatMoney } from '@heliline/domain/fares/money';
import { formatDecimal } from '@heliline/domain/i18n/formats';
import { PARKING_FEES } from '@heliline/domain/operations/airport';
import { IconBus, IconCar, IconParking, IconTrain } from '@tabler/icons-react';
import { AIRPORTS, BASE_ON_MAP } from '../directions/airports.ts';
import { BASE } from '../shared/base.ts';
import { BaseMap } from '../shared/BaseMap.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../directions/directions.module.css';
import ui from '../shared/page.module.css';
import { pageMeta } from '../../../lib/site.ts';
import type { Route } from './+types/directions';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, { title: 'titles.directions', description: 'site.meta.directions' });

/**
 * /come-raggiungerci is Italian, /directions English (same page, spec §2). The shell shows the
 * URL's language; the visitor's stored choice is left alone.
 */
export default function Directions() {
  const { t, lang } = usePublicPage();
  const distance = (n: number) => t('site.directions.km', { km: formatDecimal(n, lang) });
  const ways = [
    { key: 'car', icon: IconCar },
    { key: 'train', icon: IconTrain },
    { key: 'bus', icon: IconBus },
  ] as const;

  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{t('titles.directions')}</h1>
      <p className={ui.lead}>
        {t('site.directions.lead')}{' '}
        <span className={classes.address}>
          {BASE.street}, {BASE.postcode} {BASE.city} ({BASE.province})
        </span>
      </p>

      <div className={classes.grid}>
        <BaseMap
          title={t('site.directions.mapTitle')}
          osmText={t('site.directions.osm')}
          base={{ ...BASE_ON_MAP, label: t('site.directions.base') }}
          places={AIRPORTS.map((a) => ({ x: a.x, y: a.y, label: t(`site.directions.airportsShort.${a.id}`), detail: distance(a.km) }))}
        />
        <section aria-labelledby="directions-airports">
          <h2 id="directions-airports" className={ui.h2}>
            {t('site.directions.airportsTitle')}
          </h2>
          <table className={ui.table} data-testid="airport-distances">
            <thead>
              <tr>
                <th scope="col">{t('site.directions.airport')}</th>
                <th scope="col" className={ui.num}>
                  {t('site.directions.distance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {AIRPORTS.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{t(`site.directions.airports.${a.id}`)}</th>
                  <td className={ui.num}>{distance(a.km)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <div className={classes.ways}>
        {ways.map((w) => (
          <section key={w.key} aria-labelledby={`directions-${w.key}`} className={classes.card}>
            <h2 id={`directions-${w.key}`} className={ui.h2}>
              <w.icon size={22} aria-hidden /> {t(`site.directions.${w.key}Title`)}
            </h2>
            <p>{t(`site.directions.${w.key}Text`)}</p>
          </section>
        ))}
        <section aria-labelledby="directions-parking" className={classes.card}>
          <h2 id="directions-parking" className={ui.h2}>
            <IconParking size={22} aria-hidden /> {t('site.directions.parkingTitle')}
          </h2>
          <p data-testid="parking">
            {t('site.directions.parkingText', { hour: formatMoney(PARKING_FEES.hourlyCents, lang), day: formatMoney(PARKING_FEES.dailyCents, lang) })}
          </p>
        </section>
      </div>
    </div>
  );
}
