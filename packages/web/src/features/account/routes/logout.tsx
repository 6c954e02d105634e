import { MESSAGES } from '@heliline/domain/i18n/messages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../api/client.ts';
import { logout } from '../../../api/session.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useLang } from '../../../i18n/use-lang.ts';
import { notify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';

/** /logout: ends the session, forgets the stored user, goes home with a banner. */
export default function Logout() {
  const { t } = useTranslation();
  const [lang] = useLang();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .then((answer) => notify.success(messageOf(answer ?? undefined, lang) ?? MESSAGES.logoutSuccess[lang]))
      // Already logged out (401) or offline: the local state is cleared all the same.
      .catch(() => notify.success(MESSAGES.logoutSuccess[lang]))
      .finally(() => navigate(paths.home, { replace: true }));
  }, [lang, navigate]);

  return (
    <>
      <title>{`${t('titles.logout')} · Heliline`}</title>
      <h1 className="visually-hidden">{t('logout.working')}</h1>
      <PageLoader />
    </>
  );
}
