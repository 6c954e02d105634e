import {
  IconArrowRight,
  IconCalendarEvent,
  IconCertificate,
  IconCoin,
  IconFileTypePdf,
  IconHelicopter,
  IconShieldCheck,
  IconTicket,
  IconNews,
} from '@tabler/icons-react';
import { formatLongDate } from '@heliline/domain/i18n/formats';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GARGANO_MAP, HOME_SERVICE_ICONS, imageAlt, PRESS_ICON, SAFETY_CLEANING_IMAGE } from '../../../content/images.ts';
import { localizedPath, paths, usePageLang } from '../../../lib/paths.ts';
import { pageMeta } from '../../../lib/site.ts';
import { CovidNotice } from '../home/CovidNotice.tsx';
import { DepartureBoard } from '../home/DepartureBoard.tsx';
import classes from '../home/home.module.css';
import { Logos } from '../home/Logos.tsx';
import { PRESS_REVIEW } from '../home/press.ts';
import type { Route } from './+types/home';

/** Home, /en and the Italian preview /home-preview (noindex). */
export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    location.pathname,
    { title: 'home.metaTitle', description: 'home.metaDescription' },
    {
      fullTitle: true,
      noindex: location.pathname.startsWith(paths.homePreview),
    },
  );

/** Coastline, islands and a flight path: decoration only. */
function HeroArt() {
  return (
    <svg className={classes.heroArt} viewBox="0 0 560 300" aria-hidden="true" focusable="false">
      <path d="M0 250 C90 230 160 262 250 240 S420 210 560 236 V300 H0Z" fill="rgba(255,255,255,0.08)" />
      <path d="M0 272 C120 255 220 284 330 266 S470 250 560 262 V300 H0Z" fill="rgba(255,255,255,0.1)" />
      <ellipse cx="430" cy="214" rx="46" ry="10" fill="rgba(255,255,255,0.18)" />
      <ellipse cx="492" cy="222" rx="24" ry="6" fill="rgba(255,255,255,0.15)" />
      <path d="M60 226 C170 120 300 90 420 170" stroke="#a0d1f7" strokeWidth="2" strokeDasharray="6 8" fill="none" />
      <circle cx="60" cy="226" r="6" fill="#fff" />
      <circle cx="420" cy="176" r="6" fill="#fff" />
      <g transform="translate(250 86) rotate(-8)">
        <rect x="-34" y="-14" width="68" height="3" rx="1.5" fill="#fff" />
        <rect x="-2" y="-12" width="3" height="8" fill="#fff" />
        <path d="M-26 8c0-8 6-13 15-13h7c6 0 10 4 10 9v5c0 2-2 4-4 4h-24c-2 0-4-2-4-5z" fill="#fff" />
        <path d="M6 0h18l5-6h3l-1.5 12h-3l-1.5-2H6z" fill="#fff" />
        <path d="M-20 13v4M-4 13v4M-26 18h28" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </g>
    </svg>
  );
}

/** The activities of spec §1, each with its line icon (engineer "content") and company page. */
const SERVICES = [
  { key: 'charter', icon: HOME_SERVICE_ICONS.charter, to: paths.company('flight-operations') },
  { key: 'medical', icon: HOME_SERVICE_ICONS.ambulance, to: paths.company('medical-transport') },
  { key: 'maintenance', icon: HOME_SERVICE_ICONS.maintenance, to: paths.company('maintenance') },
  { key: 'training', icon: HOME_SERVICE_ICONS.training, to: paths.company('training') },
  { key: 'heliports', icon: HOME_SERVICE_ICONS.heliports, to: paths.company('heliport-design-construction-management') },
  { key: 'network', icon: HOME_SERVICE_ICONS.network, to: paths.company('apulian-heli-network') },
] as const;

export default function Home() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lang = usePageLang();
  const lp = (path: string) => localizedPath(path, lang);
  const preview = pathname.startsWith(paths.homePreview);

  const highlights = [
    { to: lp(paths.company('tea-centre')), icon: IconCertificate, title: t('home.teaTitle'), text: t('home.teaText') },
    { to: lp(paths.helipadPosts), icon: IconNews, title: t('home.postsTitle'), text: t('home.postsText') },
    { to: lp(paths.company('finanzia-il-tuo-addestramento')), icon: IconCoin, title: t('home.financeTitle'), text: t('home.financeText') },
    { to: paths.booking, icon: IconTicket, title: t('home.bookTitle'), text: t('home.bookText') },
  ];

  return (
    <>
      {preview && (
        <p className={classes.previewBar} data-testid="preview-marker">
          <strong>{t('home.previewBadge')}</strong> · {t('home.previewNote')}
        </p>
      )}
      <section className={classes.hero} aria-labelledby="home-title">
        <HeroArt />
        <div className={`hl-container ${classes.heroInner}`}>
          <p className={classes.eyebrow}>{t('home.eyebrow')}</p>
          <h1 id="home-title" className={classes.heroTitle}>
            {t('home.heroTitle')}
          </h1>
          <p className={classes.heroLead}>{t('home.heroLead')}</p>
          <p className={classes.heroActions}>
            <Link to={paths.booking} className="hl-button" data-variant="white">
              {t('home.bookCta')} <IconArrowRight size={18} aria-hidden />
            </Link>
            <Link to={lp(paths.timetable)} className={`hl-button ${classes.outline}`}>
              <IconCalendarEvent size={18} aria-hidden /> {t('home.timetableCta')}
            </Link>
          </p>
        </div>
      </section>

      <div className="hl-container">
        <div className={classes.topGrid}>
          <section className={classes.routeCard} aria-labelledby="route-title">
            <h2 id="route-title" className={classes.cardTitle}>
              {t('home.routeTitle')}
            </h2>
            <ul className={classes.routeList}>
              {[
                { title: t('home.routeDaily'), note: t('home.routeDailyNote') },
                { title: t('home.routeVieste'), note: t('home.routeViesteNote') },
                { title: t('home.routePeschici'), note: t('home.routePeschiciNote') },
              ].map((r) => (
                <li key={r.title}>
                  <span className={classes.routeIcon} aria-hidden>
                    <IconHelicopter size={22} />
                  </span>
                  <span>
                    <strong>{r.title}</strong>
                    <span className={classes.dimmed}>{r.note}</span>
                  </span>
                </li>
              ))}
            </ul>
            <img className={classes.routeMap} src={GARGANO_MAP} alt={imageAlt(GARGANO_MAP, lang)} width={900} height={640} loading="lazy" decoding="async" />
          </section>
          <DepartureBoard lang={lang} />
        </div>

        <section className={classes.section} aria-labelledby="services-title">
          <h2 id="services-title" className={classes.sectionTitle}>
            {t('home.servicesTitle')}
          </h2>
          <ul className={classes.cards}>
            {SERVICES.map((s) => (
              <li key={s.key}>
                <Link to={lp(s.to)} className={classes.card}>
                  {/* Decorative: the heading next to it names the activity. */}
                  <img className={classes.cardIcon} src={s.icon} alt="" width={44} height={44} loading="lazy" decoding="async" />
                  <strong className={classes.cardHeading}>{t(`home.services.${s.key}`)}</strong>
                  <span className={classes.dimmed}>{t(`home.services.${s.key}Text`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className={classes.section} aria-labelledby="highlights-title">
          <h2 id="highlights-title" className={classes.sectionTitle}>
            {t('home.highlightsTitle')}
          </h2>
          <ul className={classes.highlights}>
            {highlights.map((h) => (
              <li key={h.to}>
                <Link to={h.to} className={classes.highlight}>
                  <h.icon size={28} aria-hidden color="#6eb8f2" />
                  <strong className={classes.highlightTitle}>{h.title}</strong>
                  <span className={classes.highlightText}>{h.text}</span>
                  <span className={classes.readMore}>
                    {t('home.readMore')} <IconArrowRight size={16} aria-hidden />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <div className={classes.noticeGrid}>
          <section className={classes.notice} aria-labelledby="safety-title">
            <h2 id="safety-title" className={classes.noticeTitle}>
              <IconShieldCheck size={22} aria-hidden /> {t('home.safety.title')}
            </h2>
            <div className={classes.safetyBody}>
              <img src={SAFETY_CLEANING_IMAGE} alt={imageAlt(SAFETY_CLEANING_IMAGE, lang)} width={600} height={400} loading="lazy" decoding="async" />
              <p>{t('home.safety.text')}</p>
            </div>
            <h3 className={classes.policiesTitle}>{t('home.safety.policiesTitle')}</h3>
            <ul className={classes.pdfList}>
              <li>
                <a href={`/documents/${lang}/safety-cleaning-policy.pdf`} type="application/pdf">
                  <IconFileTypePdf size={18} aria-hidden /> {t('home.safety.cleaningPolicy')}
                </a>
              </li>
              <li>
                <a href={`/documents/${lang}/integrated-management-policy.pdf`} type="application/pdf">
                  <IconFileTypePdf size={18} aria-hidden /> {t('home.safety.integratedPolicy')}
                </a>
              </li>
            </ul>
          </section>
          {lang === 'it' && <CovidNotice />}
        </div>

        <section className={classes.section} aria-labelledby="press-title">
          <h2 id="press-title" className={classes.sectionTitle}>
            <img src={PRESS_ICON} alt="" width={40} height={40} className={classes.titleIcon} />
            {t('home.pressTitle')}
          </h2>
          <ul className={classes.press}>
            {PRESS_REVIEW.map((p) => (
              <li key={p.to}>
                <time dateTime={p.date} className={classes.pressDate}>
                  {formatLongDate(p.date, lang)}
                </time>
                <Link to={lp(p.to)}>{p.title[lang]}</Link>
              </li>
            ))}
          </ul>
        </section>

        <Logos lang={lang} />
      </div>
    </>
  );
}
