import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { backButtonOn } from './back-on';

const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** The back button of the installed app: only in standalone mode, with history, on the screens above. */
export function BackButton() {
  const { t } = useTranslation();
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const hasHistory = key !== 'default';
  if (!hasHistory || !backButtonOn(pathname) || !standalone()) return null;
  return (
    <button type="button" className="btn btn-link back-button" onClick={() => navigate(-1)}>
      <Icon svg={icons.back} label={t('nav.back')} />
    </button>
  );
}
