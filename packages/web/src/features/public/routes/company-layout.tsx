import { Container, Grid, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { COMPANY_SECTIONS, paths } from '../../../lib/paths.ts';
import classes from './company.module.css';

/** /company and its child pages: sidebar menu of the sections, the active one highlighted. */
export default function CompanyLayout() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }} order={{ base: 1, md: 2 }}>
          <Outlet />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} order={{ base: 2, md: 1 }}>
          <Paper component="nav" aria-labelledby="company-menu-title" withBorder radius="md" p="sm">
            <Text id="company-menu-title" fw={700} size="xs" tt="uppercase" c="dimmed" px={12} py={6}>
              {t('company.menuTitle')}
            </Text>
            <Stack gap={2}>
              {COMPANY_SECTIONS.map((s) => (
                <NavLink key={s} to={paths.company(s)} end className={classes.sideLink}>
                  {t(`company.sections.${s}`)}
                </NavLink>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
