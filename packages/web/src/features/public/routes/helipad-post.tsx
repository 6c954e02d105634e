import { isRouteErrorResponse, Link, NavLink, useLoaderData, useRouteError } from 'react-router';
import { imageAlt } from '../../../content/images.ts';
import { paths } from '../../../lib/paths.ts';
import { fetchPost } from '../posts/api.ts';
import { PostDate } from '../posts/PostDate.tsx';
import { postImages, type PostData } from '../posts/types.ts';
import { PhotoCarousel } from '../shared/PhotoCarousel.tsx';
import { requestLang } from '../shared/request-lang.ts';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../posts/posts.module.css';

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
      <title>{`${post.title} · Heliline`}</title>
      <article className={classes.article}>
        <PostDate date={post.post_date} lang={lang} className={classes.date} />
        <h1 className={classes.title}>{post.title}</h1>
        <img src={images.cover} alt={post.cover_alt} width={1600} height={900} className={classes.cover} />
        {/* Sanitised by the server (allow-list), rendered as given. */}
        <div className={classes.content} dangerouslySetInnerHTML={{ __html: post.content }} />
        {photos.length > 0 && <PhotoCarousel photos={photos} label={t('site.posts.photos', { title: post.title })} />}
      </article>
      <nav aria-labelledby="posts-menu-title" className={classes.side}>
        <h2 id="posts-menu-title" className={classes.sideTitle}>
          {t('titles.helipadPosts')}
        </h2>
        <ul>
          {posts.map((p) => (
            <li key={p.slug}>
              <NavLink to={lp(paths.helipadPost(p.slug))} end className={classes.sideLink}>
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
    <div className={classes.page}>
      <title>{`${title} · Heliline`}</title>
      <meta name="robots" content="noindex" />
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.lead}>{notFound ? t('site.posts.notFoundText') : t('errors.boundaryText')}</p>
      <p>
        <Link to={lp(paths.helipadPosts)} className={classes.back}>
          {t('site.posts.backToList')}
        </Link>
      </p>
    </div>
  );
}
