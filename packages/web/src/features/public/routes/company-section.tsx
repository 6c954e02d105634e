import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { isCompanySection, paths } from '../../../lib/paths.ts';

export default function CompanySection() {
  const { t } = useTranslation();
  const { section: param } = useParams();
  const section = param && isCompanySection(param) ? param : 'profile';
  // An unknown section goes back to the company profile (no clientLoader: public pages stay prerenderable).
  if (param !== undefined && !isCompanySection(param)) return <Navigate to={paths.company()} replace />;
  const name = t(`company.sections.${section}`);
  return (
    <>
      <title>{`${name} · ${t('titles.company')} · Heliline`}</title>
      <Text size="sm" c="sky.9" fw={700} tt="uppercase">
        {t('titles.company')}
      </Text>
      <Title order={1} c="navy.9" mb="lg" fz={{ base: 28, sm: 34 }}>
        {name}
      </Title>
      <Paper withBorder p="lg" radius="md" bg="navy.0">
        <Text size="lg" c="navy.9">
          {t('placeholder.company', { section: name })}
        </Text>
      </Paper>
    </>
  );
}
