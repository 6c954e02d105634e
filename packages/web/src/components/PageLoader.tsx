import { useTranslation } from 'react-i18next';
import classes from '../app/layout/layout.module.css';

/** Shown while a route's data (e.g. the logged-in user) loads; plain CSS, usable outside Mantine. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className={classes.loader} role="status" aria-live="polite">
      <div className={classes.spinner} aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
