import type { Lang } from '@heliline/domain';
import { useTranslation } from 'react-i18next';
import { ADVERTISER_LOGOS, CERTIFICATION_BADGES, imageAlt, PARTNER_LOGOS, SERVICE_CENTRE_LOGO } from '../../../content/images.ts';
import classes from './home.module.css';

/** Spec §1: logos of partners, advertisers, the service centre and certifications (our own SVGs, engineer "content"). */
const GROUPS = [
  { key: 'partners', images: PARTNER_LOGOS, width: 320, height: 120 },
  { key: 'advertisers', images: ADVERTISER_LOGOS, width: 320, height: 120 },
  { key: 'serviceCentre', images: [SERVICE_CENTRE_LOGO], width: 320, height: 120 },
  { key: 'certifications', images: CERTIFICATION_BADGES, width: 220, height: 220 },
] as const;

export function Logos({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <section className={classes.section} aria-labelledby="logos-title">
      <h2 id="logos-title" className={classes.sectionTitle}>
        {t('home.logos.title')}
      </h2>
      <div className={classes.logoGroups}>
        {GROUPS.map((g) => (
          <div key={g.key} className={classes.logoGroup}>
            <h3 className={classes.logoGroupTitle}>{t(`home.logos.${g.key}`)}</h3>
            <ul className={classes.logoList}>
              {g.images.map((src) => (
                <li key={src}>
                  <img
                    src={src}
                    alt={imageAlt(src, lang)}
                    width={g.width}
                    height={g.height}
                    data-shape={g.key === 'certifications' ? 'badge' : 'logo'}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
