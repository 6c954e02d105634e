import { Link, useLoaderData } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { fetchPosts } from '../posts/api.ts';
import { PostDate } from '../posts/PostDate.tsx';
import { postImages, type PostsData } from '../posts/types.ts';
import { requestLang } from '../shared/request-lang.ts';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../posts/posts.module.css';

/** In the browser (client navigation): the posts the server holds now. */
export function clientLoader({ request }: { request: Request }): Promise<PostsData> {
  return fetchPosts(requestLang(request));
}

/** List of helipad inauguration posts: image, date and title per post. */
export default function HelipadPosts() {
  const { posts } = useLoaderData<PostsData>();
  const { t, lang, lp } = usePublicPage();
  return (
    <div className={classes.page}>
      <title>{`${t('titles.helipadPosts')} · Heliline`}</title>
      <h1 className={classes.title}>{t('titles.helipadPosts')}</h1>
      <p className={classes.lead}>{t('site.posts.lead')}</p>
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
