import { useTranslation } from 'react-i18next';

/** Shown while a route's data (e.g. the logged-in user) loads; plain CSS (app/global.css), usable outside Mantine. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="hl-loader" role="status" aria-live="polite">
      <div className="hl-spinner" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
