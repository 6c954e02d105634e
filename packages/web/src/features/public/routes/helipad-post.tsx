import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Placeholder } from '../../../components/Placeholder.tsx';
import { paths } from '../../../lib/paths.ts';

export default function HelipadPost() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  return (
    <Placeholder title={t('titles.helipadPost')} line={t('placeholder.helipadPost', { slug })}>
      <Anchor component={Link} to={paths.helipadPosts} mt="lg" display="inline-block">
        {t('titles.helipadPosts')}
      </Anchor>
    </Placeholder>
  );
}
