import { Outlet, NavLink } from 'react-router';
import { COMPANY_CAROUSEL, imageAlt } from '../../../content/images.ts';
import { COMPANY_SECTIONS, paths } from '../../../lib/paths.ts';
import { LazyPhotoCarousel } from '../shared/LazyPhotoCarousel.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import { CompanyAside } from '../company/CompanyAside.tsx';
import classes from '../company/company.module.css';
import ui from '../shared/page.module.css';

/**
 * /company and its 15 child pages (and the /en copies): the photo carousel and the section's
 * embedded page in the main column, the sections menu (active one: aria-current="page"), the
 * training-financing banner and the two certificates beside it.
 */
export default function CompanyLayout() {
  const { t, lang, lp } = usePublicPage();
  const photos = COMPANY_CAROUSEL.map((src) => ({ src, alt: imageAlt(src, lang) }));
  return (
    <div className={classes.layout}>
      <div className={classes.main}>
        <LazyPhotoCarousel photos={photos} label={t('site.company.carouselLabel')} />
        <Outlet />
      </div>
      <aside className={classes.side}>
        <nav aria-labelledby="company-menu-title" className={ui.sideBox}>
          <h2 id="company-menu-title" className={ui.sideTitle}>
            {t('company.menuTitle')}
          </h2>
          <ul>
            {COMPANY_SECTIONS.map((s) => (
              <li key={s}>
                <NavLink to={lp(paths.company(s))} end className={ui.sideLink}>
                  {t(`company.sections.${s}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <CompanyAside />
      </aside>
    </div>
  );
}
