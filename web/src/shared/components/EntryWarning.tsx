import Button from 'react-bootstrap/Button';
import { Link, useLocation } from 'react-router';
import { useSettings, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useBrowserState } from '../hydration';
import { DialogTrans, Modal, Sheet } from './dialogs';

const KEY = 'amora.entry-warning-closed';
const NOT_ON = ['/complete-signup', '/reset-password', '/reset-password/do'];
/** What a visitor may read before deciding to enter: the warning stays away from these pages. */
const READABLE_FIRST = ['/pages/terms', '/pages/privacy', '/pages/cookies'];
const PHONE = '(max-width: 767.98px)';

/**
 * The adult-content warning for logged-out visitors; once closed it stays closed. A sheet from the
 * bottom on a phone, a dialog in the middle on a desktop; it lets the terms, privacy and cookie
 * pages be read first. `countries` limits it to visitors located in those countries.
 */
export function EntryWarning({ countries }: { countries?: string[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isLoading } = useUser();
  const { data: settings } = useSettings();
  const phone = useMediaQuery(PHONE);
  // The server's render leaves it out; it comes in with the page's first effect.
  const [closed, setClosed] = useBrowserState(() => localStorage.getItem(KEY) === '1', true);

  const show =
    !closed &&
    !isLoading &&
    !user &&
    settings?.enable_site_entry_popup === true &&
    (countries === undefined || countries.includes(settings.geoip_country ?? '')) &&
    !NOT_ON.includes(pathname) &&
    !READABLE_FIRST.includes(pathname);
  const close = () => {
    localStorage.setItem(KEY, '1');
    setClosed(true);
  };

  const title = (
    <h2 className="h4 mb-0" id="entry-warning-title">
      {t('entry.title')}
    </h2>
  );
  const body = (
    <>
      <p>{t('entry.body', { site: settings?.name })}</p>
      <p>
        <DialogTrans
          i18nKey="entry.read"
          components={{
            terms: <Link to="/pages/terms" />,
            privacy: <Link to="/pages/privacy" />,
            cookies: <Link to="/pages/cookies" />,
          }}
        />
      </p>
      <p className="mb-0 small text-body-secondary">{t('entry.cookies')}</p>
    </>
  );
  const actions = (
    <div className="entry-actions">
      <Button variant="primary" size="lg" onClick={close}>
        {t('entry.enter')}
      </Button>
      <a className="btn btn-outline-secondary" href="https://www.google.com" rel="noreferrer">
        {t('entry.leave')}
      </a>
    </div>
  );

  if (phone) {
    return (
      <Sheet
        show={show}
        onHide={close}
        backdrop="static"
        keyboard={false}
        className="entry-sheet"
        aria-labelledby="entry-warning-title"
      >
        <Sheet.Header>{title}</Sheet.Header>
        <Sheet.Body>
          {body}
          {actions}
        </Sheet.Body>
      </Sheet>
    );
  }
  return (
    <Modal show={show} onHide={close} centered backdrop="static" keyboard={false} aria-labelledby="entry-warning-title">
      <Modal.Header>{title}</Modal.Header>
      <Modal.Body>
        {body}
        {actions}
      </Modal.Body>
    </Modal>
  );
}
