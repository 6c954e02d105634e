import { useRef } from 'react';
import { usePublicPage } from '../shared/use-public-page.ts';
import { useNearViewport } from '../shared/use-near-viewport.ts';
import classes from './company.module.css';

/**
 * The company profile video: plays only when asked (controls, no autoplay, so never sound on its
 * own), with a poster and captions in the page's language. It sits below the first screen on a
 * phone, so its native controls are built only as it comes near the viewport (or takes the focus:
 * until then it is a tab stop of its own, so the keyboard reaches it as before).
 */
export function ProfileVideo() {
  const { t, lang } = usePublicPage();
  const video = useRef<HTMLVideoElement>(null);
  const controls = useNearViewport(video);
  return (
    <figure className={classes.video}>
      <video
        ref={video}
        controls={controls}
        tabIndex={controls ? undefined : 0}
        preload="none"
        playsInline
        poster="/media/profile-poster.svg"
        aria-describedby="profile-video-caption"
        width={1280}
        height={720}
      >
        <source src="/media/profile.webm" type="video/webm" />
        <track kind="captions" src={`/media/profile.${lang}.vtt`} srcLang={lang} label={t('site.company.videoCaptions')} default />
      </video>
      <figcaption id="profile-video-caption">{t('site.company.videoCaption')}</figcaption>
    </figure>
  );
}
