import { matchPath, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { useTranslation } from '../../i18n';

/** Screens that are reached from a list, where an installed app (no browser bar) needs a way back (SPEC §2). */
const BACK_ON = ['/members/:id', '/likes/:type', '/likes/m/:id', '/credits', '/credits/:id/:paymentmethod'];

const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** The back button of the installed app: only in standalone mode, with history, on the screens above. */
export function BackButton() {
  const { t } = useTranslation();
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const hasHistory = key !== 'default';
  if (!hasHistory || !BACK_ON.some((pattern) => matchPath(pattern, pathname)) || !standalone()) return null;
  return (
    <button type="button" className="btn btn-link back-button" onClick={() => navigate(-1)}>
      <Icon svg={icons.back} label={t('nav.back')} />
    </button>
  );
}
