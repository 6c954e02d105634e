import { Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { paths } from '../../../lib/paths.ts';

/** Posts the spec names; the list comes from GET /api/helipad-posts in a later release. */
const KNOWN_POSTS = ['policlinico-bari', 'supersano', 'peschici', 'celenza-valfortore'];

export default function HelipadPosts() {
  const { t } = useTranslation();
  return (
    <Placeholder title={t('titles.helipadPosts')} line={t('placeholder.helipadPosts')}>
      <List mt="lg" spacing="xs">
        {KNOWN_POSTS.map((slug) => (
          <List.Item key={slug}>
            <Anchor component={Link} to={paths.helipadPost(slug)}>
              {slug}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Placeholder>
  );
}
