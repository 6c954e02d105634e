import { IconDeviceLandlinePhone, IconMail, IconMailCheck, IconPhone, IconPrinter, IconTicket } from '@tabler/icons-react';
import { ContactForm } from '../contacts/ContactForm.tsx';
import { BASE, CONTACTS, telHref } from '../shared/base.ts';
import { BaseMap } from '../shared/BaseMap.tsx';
import { usePublicPage } from '../shared/use-public-page.ts';
import classes from '../contacts/contacts.module.css';
import ui from '../shared/page.module.css';
import { pageMeta } from '../../../lib/site.ts';
import type { Route } from './+types/contacts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, { title: 'titles.contacts', description: 'site.meta.contacts' });

/** Contacts: our own map of the Foggia base, its address, phones and e-mails, and the message form. */
export default function Contacts() {
  const { t } = usePublicPage();
  const lines = [
    { key: 'phone', icon: IconPhone, text: CONTACTS.phone, href: telHref(CONTACTS.phone) },
    { key: 'fax', icon: IconPrinter, text: CONTACTS.fax },
    { key: 'bookingsPhone', icon: IconDeviceLandlinePhone, text: CONTACTS.bookingsPhone, href: telHref(CONTACTS.bookingsPhone) },
    { key: 'flightAssistanceEmail', icon: IconTicket, text: CONTACTS.flightAssistanceEmail, href: `mailto:${CONTACTS.flightAssistanceEmail}` },
    { key: 'companyEmail', icon: IconMail, text: CONTACTS.companyEmail, href: `mailto:${CONTACTS.companyEmail}` },
    { key: 'certifiedEmail', icon: IconMailCheck, text: CONTACTS.certifiedEmail, href: `mailto:${CONTACTS.certifiedEmail}` },
  ] as const;

  return (
    <div className={ui.page}>
      <h1 className={ui.title}>{t('titles.contacts')}</h1>
      <div className={classes.grid}>
        <div>
          <BaseMap
            title={t('site.contacts.mapTitle')}
            osmText={t('site.contacts.osm')}
            base={{ x: 300, y: 200, label: t('site.contacts.base') }}
            places={[
              { x: 140, y: 110, label: t('site.contacts.mapStation') },
              { x: 430, y: 270, label: t('site.contacts.mapAirport') },
              { x: 470, y: 90, label: t('site.contacts.mapMotorway') },
            ]}
          />
          <section aria-labelledby="contacts-base" className={classes.card}>
            <h2 id="contacts-base" className={ui.h2}>
              {t('site.contacts.baseTitle')}
            </h2>
            <address className={classes.address}>
              {BASE.name}
              <br />
              {BASE.street}
              <br />
              {BASE.postcode} {BASE.city} ({BASE.province})
            </address>
            <dl className={classes.list}>
              {lines.map((l) => (
                <div key={l.key} className={classes.row}>
                  <dt>
                    <l.icon size={18} aria-hidden /> {t(`site.contacts.${l.key}`)}
                  </dt>
                  <dd>{'href' in l ? <a href={l.href}>{l.text}</a> : l.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
