import { Anchor, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useLang } from '../../i18n/use-lang.ts';
import { paths } from '../../lib/paths.ts';
import classes from './layout.module.css';

export function SiteFooter() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const links = [
    { to: paths.contacts, label: t('footer.contacts') },
    { to: paths.directions(lang), label: t('footer.directions') },
    { to: paths.fares, label: t('footer.fares') },
    { to: paths.timetable, label: t('footer.timetable') },
  ];
  return (
    <footer className={classes.footer}>
      <Container size="xl" py={40}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Logo inverted />
            <Text size="sm" maw={340}>
              {t('footer.about')}
            </Text>
          </Stack>
          <div>
            <h2 className={classes.footerTitle}>{t('footer.basesTitle')}</h2>
            <Text size="sm">{t('footer.bases')}</Text>
          </div>
          <nav aria-labelledby="footer-links-title">
            <h2 className={classes.footerTitle} id="footer-links-title">
              {t('footer.linksTitle')}
            </h2>
            <Stack gap={6}>
              {links.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} className={classes.footerLink}>
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          </nav>
        </SimpleGrid>
        <Text size="xs" mt={32} c="rgba(255,255,255,0.7)">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
