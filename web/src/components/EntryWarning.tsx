import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSettings, useUser } from '../api/hooks';

const KEY = 'amora.entry-warning-closed';
const NOT_ON = ['/complete-signup', '/reset-password', '/reset-password/do'];

/** The adult-content warning for logged-out visitors; once closed it stays closed. */
export function EntryWarning() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isLoading } = useUser();
  const { data: settings } = useSettings();
  const [closed, setClosed] = useState(() => localStorage.getItem(KEY) === '1');

  const show =
    !closed && !isLoading && !user && settings?.enable_site_entry_popup === true && !NOT_ON.includes(pathname);
  const close = () => {
    localStorage.setItem(KEY, '1');
    setClosed(true);
  };

  return (
    <Modal show={show} onHide={close} centered backdrop="static" keyboard={false} aria-labelledby="entry-warning-title">
      <Modal.Header>
        <Modal.Title id="entry-warning-title">{t('entry.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entry.body', { site: settings?.name })}</p>
        <p className="mb-0 small text-body-secondary">{t('entry.cookies')}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href="https://www.google.com" rel="noreferrer">
          {t('entry.leave')}
        </a>
        <Button variant="primary" onClick={close}>
          {t('entry.enter')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
