import { Navigate, useParams } from 'react-router';
import { isCompanySection, paths } from '../../../lib/paths.ts';
import { CompanyFrame } from '../company/CompanyFrame.tsx';
import { ProfileVideo } from '../company/ProfileVideo.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../company/company.module.css';

/** One company section: its title, the embedded page and, on the profile, the video. */
export default function CompanySection() {
  const { t, lang, lp } = usePublicPage();
  const { section: param } = useParams();
  // An unknown section goes back to the company profile (spec: unknown paths redirect).
  if (param !== undefined && !isCompanySection(param)) return <Navigate to={lp(paths.company())} replace />;
  const section = param ?? 'profile';
  const name = t(`company.sections.${section}`);
  return (
    <>
      <title>{`${name} · ${t('titles.company')} · Heliline`}</title>
      <p className={classes.eyebrow}>{t('titles.company')}</p>
      <h1 className={classes.title}>{name}</h1>
      <CompanyFrame section={section} lang={lang} title={name} />
      {section === 'profile' && <ProfileVideo />}
    </>
  );
}
