import { Badge, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAmbulance,
  IconArrowRight,
  IconBuildingBroadcastTower,
  IconCalendarEvent,
  IconCertificate,
  IconCoin,
  IconHelicopter,
  IconMapPin,
  IconPlaneDeparture,
  IconSchool,
  IconTool,
  IconNews,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/Page.tsx';
import { useForcedLang } from '../../../i18n/use-lang.ts';
import { paths } from '../../../lib/paths.ts';
import classes from './home.module.css';

/** Coastline, islands and a flight path: decoration only. */
function HeroArt() {
  return (
    <svg className={classes.heroArt} viewBox="0 0 560 300" aria-hidden="true" focusable="false">
      <path d="M0 250 C90 230 160 262 250 240 S420 210 560 236 V300 H0Z" fill="rgba(255,255,255,0.08)" />
      <path d="M0 272 C120 255 220 284 330 266 S470 250 560 262 V300 H0Z" fill="rgba(255,255,255,0.1)" />
      <ellipse cx="430" cy="214" rx="46" ry="10" fill="rgba(255,255,255,0.18)" />
      <ellipse cx="492" cy="222" rx="24" ry="6" fill="rgba(255,255,255,0.15)" />
      <path d="M60 226 C170 120 300 90 420 170" stroke="#a0d1f7" strokeWidth="2" strokeDasharray="6 8" fill="none" />
      <circle cx="60" cy="226" r="6" fill="#fff" />
      <circle cx="420" cy="176" r="6" fill="#fff" />
      <g transform="translate(250 86) rotate(-8)">
        <rect x="-34" y="-14" width="68" height="3" rx="1.5" fill="#fff" />
        <rect x="-2" y="-12" width="3" height="8" fill="#fff" />
        <path d="M-26 8c0-8 6-13 15-13h7c6 0 10 4 10 9v5c0 2-2 4-4 4h-24c-2 0-4-2-4-5z" fill="#fff" />
        <path d="M6 0h18l5-6h3l-1.5 12h-3l-1.5-2H6z" fill="#fff" />
        <path d="M-20 13v4M-4 13v4M-26 18h28" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </g>
    </svg>
  );
}

const services = [
  { key: 'charter', icon: IconPlaneDeparture, to: paths.company('flight-operations') },
  { key: 'medical', icon: IconAmbulance, to: paths.company('medical-transport') },
  { key: 'maintenance', icon: IconTool, to: paths.company('maintenance') },
  { key: 'training', icon: IconSchool, to: paths.company('training') },
  { key: 'heliports', icon: IconBuildingBroadcastTower, to: paths.company('heliport-design-construction-management') },
  { key: 'network', icon: IconMapPin, to: paths.company('apulian-heli-network') },
] as const;

export default function Home() {
  const { pathname } = useLocation();
  const preview = pathname === paths.homePreview;
  return preview ? <PreviewHome /> : <HomeContent preview={false} />;
}

/** /home-preview: the Italian preview variant of the home page. */
function PreviewHome() {
  useForcedLang('it');
  return <HomeContent preview />;
}

function HomeContent({ preview }: { preview: boolean }) {
  const { t } = useTranslation();
  const highlights = [
    { title: t('home.teaTitle'), text: t('home.teaText'), to: paths.company('tea-centre'), icon: IconCertificate },
    { title: t('home.postsTitle'), text: t('home.postsText'), to: paths.helipadPosts, icon: IconNews },
    { title: t('home.financeTitle'), text: t('home.financeText'), to: paths.company('finanzia-il-tuo-addestramento'), icon: IconCoin },
  ];

  return (
    <>
      <DocumentTitle title={preview ? t('titles.homePreview') : t('titles.home')} />
      <section className={classes.hero} aria-labelledby="home-title">
        <HeroArt />
        <Container size="lg" className={classes.heroInner}>
          <Stack gap="md" maw={640}>
            {preview && (
              <Badge color="yellow" variant="filled" autoContrast w="fit-content">
                {t('home.previewBadge')}
              </Badge>
            )}
            <Text className={classes.eyebrow}>{t('home.eyebrow')}</Text>
            <Title order={1} id="home-title" fz={{ base: 32, sm: 46 }} lh={1.1} c="white">
              {t('home.heroTitle')}
            </Title>
            <Text size="lg" c="rgba(255,255,255,0.9)">
              {t('home.heroLead')}
            </Text>
            <Group mt="sm">
              <Button component={Link} to={paths.booking} size="lg" variant="white" color="navy.9" rightSection={<IconArrowRight size={18} aria-hidden />}>
                {t('home.bookCta')}
              </Button>
              <Button
                component={Link}
                to={paths.timetable}
                size="lg"
                variant="outline"
                color="white"
                leftSection={<IconCalendarEvent size={18} aria-hidden />}
              >
                {t('home.timetableCta')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <Container size="lg">
        <Paper className={classes.routeCard} shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder>
          <Title order={2} size="h4" c="navy.9" mb="md">
            {t('home.routeTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {[
              { title: t('home.routeDaily'), note: t('home.routeDailyNote') },
              { title: t('home.routeVieste'), note: t('home.routeViesteNote') },
              { title: t('home.routePeschici'), note: t('home.routePeschiciNote') },
            ].map((r) => (
              <Group key={r.title} wrap="nowrap" align="flex-start">
                <ThemeIcon size={40} radius="xl" variant="light" color="sky" aria-hidden>
                  <IconHelicopter size={22} />
                </ThemeIcon>
                <div>
                  <Text fw={700} c="navy.9">
                    {r.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {r.note}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
        </Paper>

        <Title order={2} c="navy.9" mt={56} mb="lg">
          {t('home.servicesTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {services.map((s) => (
            <Link key={s.key} to={s.to} className={classes.cardLink}>
              <Card withBorder radius="lg" padding="lg" h="100%">
                <ThemeIcon size={44} radius="md" color="navy" variant="light" aria-hidden>
                  <s.icon size={24} />
                </ThemeIcon>
                <Text fw={700} mt="md" c="navy.9">
                  {t(`home.services.${s.key}`)}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`home.services.${s.key}Text`)}
                </Text>
              </Card>
            </Link>
          ))}
        </SimpleGrid>

        <Title order={2} c="navy.9" mt={56} mb="lg">
          {t('home.highlightsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {highlights.map((h) => (
            <Link key={h.to} to={h.to} className={classes.cardLink}>
              <Card radius="lg" padding="lg" h="100%" bg="navy.9" c="white">
                <h.icon size={28} aria-hidden color="#6eb8f2" />
                <Text fw={700} size="lg" mt="sm">
                  {h.title}
                </Text>
                <Text size="sm" c="rgba(255,255,255,0.8)" mt={4}>
                  {h.text}
                </Text>
                <Group gap={6} mt="md" c="sky.3">
                  <Text size="sm" fw={600}>
                    {t('home.readMore')}
                  </Text>
                  <IconArrowRight size={16} aria-hidden />
                </Group>
              </Card>
            </Link>
          ))}
        </SimpleGrid>

        <Text c="dimmed" size="sm" mt={40}>
          {t('home.comingSoon')}
        </Text>
      </Container>
    </>
  );
}
