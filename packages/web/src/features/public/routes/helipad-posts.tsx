import { Link, useLoaderData } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { fetchPosts } from '../posts/api.ts';
import { PostDate } from '../posts/PostDate.tsx';
import { postImages, type PostsData } from '../posts/types.ts';
import { requestLang } from '../shared/request-lang.ts';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../posts/posts.module.css';
import ui from '../shared/page.module.css';
import { pageMeta } from '../../../lib/site.ts';
import type { Route } from './+types/helipad-posts';

/** Prerendering: the posts from the content files the database is seeded from. */
export async function loader({ request }: { request: Request }): Promise<PostsData> {
  // Imported here: see helipad-post.tsx's loader.
  const { buildTimePosts } = await import('../posts/posts.server.ts');
  return { posts: await buildTimePosts(requestLang(request)) };
}

/** In the browser (client navigation): the posts the server holds now. */
export function clientLoader({ request }: { request: Request }): Promise<PostsData> {
  return fetchPosts(requestLang(request));
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, { title: 'titles.helipadPosts', description: 'site.meta.posts' });

/** List of helipad inauguration posts: image, date and title per post. */
export default function HelipadPosts() {
  const { posts } = useLoaderData<PostsData>();
  const { t, lang, lp } = usePublicPage();
  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{t('titles.helipadPosts')}</h1>
      <p className={ui.lead}>{t('site.posts.lead')}</p>
      <ul className={classes.grid}>
        {posts.map((p) => {
          const cover = postImages(p.progr).cover;
          return (
            <li key={p.slug} className={classes.card}>
              <img src={cover} alt={p.cover_alt} width={800} height={450} loading="lazy" decoding="async" className={classes.cardImage} />
              <div className={classes.cardBody}>
                <PostDate date={p.post_date} lang={lang} className={classes.date} />
                <h2 className={classes.cardTitle}>
                  <Link to={lp(paths.helipadPost(p.slug))} className={classes.cardLink}>
                    {p.title}
                  </Link>
                </h2>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
