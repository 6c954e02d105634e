import { useTranslation } from 'react-i18next';

/** Shown while a route's data (e.g. the logged-in user) loads; plain CSS (app/global.css), usable outside Mantine. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    // aria-label names the status itself (role status takes no name from its content); the
    // hidden text is what the live region announces.
    <div className="hl-loader" role="status" aria-live="polite" aria-label={t('app.loading')}>
      <div className="hl-spinner" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
