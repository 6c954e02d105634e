import { usePublicPage } from '../shared/use-public-page.ts';
import classes from './company.module.css';

/**
 * The company profile video: plays only when asked (controls, no autoplay, so never sound on its
 * own), with a poster and captions in the page's language.
 */
export function ProfileVideo() {
  const { t, lang } = usePublicPage();
  return (
    <figure className={classes.video}>
      <video controls preload="none" playsInline poster="/media/profile-poster.svg" aria-describedby="profile-video-caption" width={1280} height={720}>
        <source src="/media/profile.webm" type="video/webm" />
        <track kind="captions" src={`/media/profile.${lang}.vtt`} srcLang={lang} label={t('site.company.videoCaptions')} default />
      </video>
      <figcaption id="profile-video-caption">{t('site.company.videoCaption')}</figcaption>
    </figure>
  );
}
