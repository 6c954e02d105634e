import i18n from 'i18next';
import { Navigate, useParams } from 'react-router';
import { isCompanySection, langFromPath, paths } from '../../../lib/paths.ts';
import { pageMetaText } from '../../../lib/site.ts';
import { CompanyFrame } from '../company/CompanyFrame.tsx';
import { ProfileVideo } from '../company/ProfileVideo.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../company/company.module.css';
import ui from '../shared/page.module.css';
import type { Route } from './+types/company-section';

export const meta: Route.MetaFunction = ({ location, params }) => {
  const t = i18n.getFixedT(langFromPath(location.pathname) ?? 'it');
  const section = params.section && isCompanySection(params.section) ? params.section : 'profile';
  const name = t(`company.sections.${section}`);
  return pageMetaText(location.pathname, { title: `${name} · ${t('titles.company')}`, description: t('site.meta.company', { section: name }) });
};

/** One company section: its title, the embedded page and, on the profile, the video. */
export default function CompanySection() {
  const { t, lang, lp } = usePublicPage();
  const { section: param } = useParams();
  // An unknown section is an unknown path: home, in the page's language (spec §2).
  if (param !== undefined && !isCompanySection(param)) return <Navigate to={lp(paths.home)} replace />;
  const section = param ?? 'profile';
  const name = t(`company.sections.${section}`);
  return (
    <>
      <p className={classes.eyebrow}>{t('titles.company')}</p>
      <h1 className={ui.title}>{name}</h1>
      <CompanyFrame section={section} lang={lang} title={name} />
      {section === 'profile' && <ProfileVideo />}
    </>
  );
}
