import { data, isRouteErrorResponse, Link, NavLink, useLoaderData, useRouteError } from 'react-router';
import { imageAlt } from '../../../content/images.ts';
import i18n from 'i18next';
import { langFromPath, paths } from '../../../lib/paths.ts';
import { pageMetaText } from '../../../lib/site.ts';
import { fetchPost } from '../posts/api.ts';
import { PostDate } from '../posts/PostDate.tsx';
import { postImages, type PostData } from '../posts/types.ts';
import { LazyPhotoCarousel } from '../shared/LazyPhotoCarousel.tsx';
import { requestLang } from '../shared/request-lang.ts';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../posts/posts.module.css';
import ui from '../shared/page.module.css';
import type { Route } from './+types/helipad-post';

/** The first words of the post's HTML, for the description. */
function excerpt(html: string, max = 155): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…` : text;
}

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  const post = (loaderData as PostData | undefined)?.post;
  if (post) return pageMetaText(location.pathname, { title: post.title, description: excerpt(post.content) });
  const t = i18n.getFixedT(langFromPath(location.pathname) ?? 'it');
  return pageMetaText(location.pathname, { title: t('site.posts.notFoundTitle'), description: t('site.meta.notFound') }, { noindex: true });
};

/** Prerendering: the post and the side list from the content files (only known slugs are prerendered). */
export async function loader({ params, request }: { params: { slug?: string }; request: Request }): Promise<PostData> {
  // Imported here, not at the top: the public pages' client build keeps this function (it has no
  // React Router plugin to drop it) and must not bundle the content files' loader.
  const { buildTimePost, buildTimePosts } = await import('../posts/posts.server.ts');
  const lang = requestLang(request);
  const post = await buildTimePost(params.slug ?? '', lang);
  if (!post) throw data({ slug: params.slug }, { status: 404 });
  return { post, posts: await buildTimePosts(lang) };
}

/** In the browser: the post from the API; an unknown slug throws a 404 answer (the page below). */
export function clientLoader({ params, request }: { params: { slug?: string }; request: Request }): Promise<PostData> {
  return fetchPost(params.slug ?? '', requestLang(request));
}

/** Post detail: date, title, cover, HTML content, photo carousel, side list of every post. */
export default function HelipadPost() {
  const { post, posts } = useLoaderData<PostData>();
  const { t, lang, lp } = usePublicPage();
  const images = postImages(post.progr);
  const photos = Array.from({ length: post.photos }, (_, i) => {
    const src = images.photo(i + 1);
    return { src, alt: imageAlt(src, lang) || t('site.posts.photoAlt', { n: i + 1, title: post.title }) };
  });
  return (
    <div className={classes.detail}>
      <article className={classes.article}>
        <PostDate date={post.post_date} lang={lang} className={classes.date} />
        <h1 className={ui.title}>{post.title}</h1>
        <img src={images.cover} alt={post.cover_alt} width={1600} height={900} className={classes.cover} />
        {/* Sanitised by the server (allow-list), rendered as given. */}
        <div className={classes.content} dangerouslySetInnerHTML={{ __html: post.content }} />
        {photos.length > 0 && <LazyPhotoCarousel photos={photos} label={t('site.posts.photos', { title: post.title })} />}
      </article>
      <nav aria-labelledby="posts-menu-title" className={`${ui.sideBox} ${classes.side}`}>
        <h2 id="posts-menu-title" className={ui.sideTitle}>
          {t('titles.helipadPosts')}
        </h2>
        <ul>
          {posts.map((p) => (
            <li key={p.slug}>
              <NavLink to={lp(paths.helipadPost(p.slug))} end className={ui.sideLink}>
                <span>{p.title}</span>
                <PostDate date={p.post_date} lang={lang} className={classes.sideDate} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** An unknown slug: a real "not found" page (no redirect); other failures: the generic text. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t, lp } = usePublicPage();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('site.posts.notFoundTitle') : t('errors.boundaryTitle');
  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{title}</h1>
      <p className={ui.lead}>{notFound ? t('site.posts.notFoundText') : t('errors.boundaryText')}</p>
      <p>
        <Link to={lp(paths.helipadPosts)} className={classes.back}>
          {t('site.posts.backToList')}
        </Link>
      </p>
    </div>
  );
}
