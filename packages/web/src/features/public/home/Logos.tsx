import type { Lang } from '@heliline/domain';
import { useTranslation } from 'react-i18next';
import { IMAGE_ALTS } from '../../../content/images.ts';
import classes from './home.module.css';

type Group = 'partners' | 'advertisers' | 'serviceCentre' | 'certifications';

/**
 * Which logo group an image belongs to, from its path: /images/certifications/* are
 * certifications; under /images/partners/ an `advertiser-…` or `service-centre…` name says so.
 */
function groupOf(path: string): Group | null {
  if (path.startsWith('/images/certifications/')) return 'certifications';
  if (!path.startsWith('/images/partners/')) return null;
  const name = path.slice('/images/partners/'.length);
  if (name.startsWith('advertiser')) return 'advertisers';
  if (name.startsWith('service-centre') || name.startsWith('service-center')) return 'serviceCentre';
  return 'partners';
}

const GROUPS: Group[] = ['partners', 'advertisers', 'serviceCentre', 'certifications'];

/** Partner, advertiser, service-centre and certification logos (our own SVGs, alt texts from content/images.ts). */
export function Logos({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const byGroup = new Map<Group, string[]>();
  for (const path of Object.keys(IMAGE_ALTS).sort()) {
    const g = groupOf(path);
    if (g) byGroup.set(g, [...(byGroup.get(g) ?? []), path]);
  }
  return (
    <section className={classes.section} aria-labelledby="logos-title">
      <h2 id="logos-title" className={classes.sectionTitle}>
        {t('home.logos.title')}
      </h2>
      <div className={classes.logoGroups}>
        {GROUPS.map((g) => {
          const images = byGroup.get(g) ?? [];
          // A group shows once its images land (engineer "content" adds them with their alt texts).
          if (images.length === 0) return null;
          return (
            <div key={g} className={classes.logoGroup}>
              <h3 className={classes.logoGroupTitle}>{t(`home.logos.${g}`)}</h3>
              <ul className={classes.logoList}>
                {images.map((src) => (
                  <li key={src}>
                    <img src={src} alt={IMAGE_ALTS[src]?.[lang] ?? ''} width={140} height={70} loading="lazy" decoding="async" />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}
