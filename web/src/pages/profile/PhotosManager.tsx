import { FREE_PHOTO_LIMIT, type OwnPhoto, PHOTO_ACCEPT, PREMIUM_PHOTO_LIMIT, type User } from '@amora/common';
import { type ChangeEvent, useId, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { photoCalls, usePhotoMutation } from '../../api/members';
import { ProfilePhoto } from '../../components/ProfilePhoto';

/** The member's photos: upload within the limit, choose the main one, move, delete. */
export function PhotosManager({ user }: { user: User }) {
  const { t } = useTranslation('members');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = usePhotoMutation(photoCalls.upload);
  const setMain = usePhotoMutation(photoCalls.setMain);
  const reorder = usePhotoMutation(photoCalls.reorder);
  const remove = usePhotoMutation(photoCalls.remove);
  const photos = user.profile.photos;
  const limit = user.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
  const counted = photos.filter((photo) => photo.status !== 'rejected').length;
  const busy = upload.isPending || setMain.isPending || reorder.isPending || remove.isPending;
  const failure = [upload, setMain, reorder, remove].find((mutation) => mutation.isError)?.error;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    for (const mutation of [setMain, reorder, remove]) mutation.reset();
    upload.mutate(file);
  };
  const move = (photo: OwnPhoto, by: number) => {
    const order = photos.map((p) => p.id);
    const from = order.indexOf(photo.id);
    order.splice(from, 1);
    order.splice(Math.max(0, Math.min(order.length, from + by)), 0, photo.id);
    reorder.mutate(order);
  };

  return (
    <div className="photos-manager">
      <p className="small text-body-secondary" aria-live="polite">
        {t('photos.count', { count: counted, limit })}
        {!user.paid_user && ` ${t('photos.premiumLimit', { limit: PREMIUM_PHOTO_LIMIT })}`}
      </p>
      {failure && (
        <Alert variant="danger" role="alert">
          {failure.message}
        </Alert>
      )}
      {photos.length > 0 && (
        <ul className="photo-list list-unstyled">
          {photos.map((photo, index) => {
            const isMain = user.profile.main_image?.id === photo.id;
            return (
              <li key={photo.id} className="card border-0 shadow-sm">
                <ProfilePhoto image={photo} name={t('photos.photoNumber', { number: index + 1 })} thumb />
                <div className="photo-badges">
                  {isMain && <Badge bg="primary">{t('photos.main')}</Badge>}
                  {photo.status !== 'active' && (
                    <Badge
                      bg={photo.status === 'rejected' ? 'danger' : 'warning'}
                      text={photo.status === 'rejected' ? undefined : 'dark'}
                    >
                      {t(`photos.status.${photo.status}`)}
                    </Badge>
                  )}
                </div>
                <div className="photo-actions">
                  {!isMain && photo.status !== 'rejected' && (
                    <Button size="sm" variant="light" onClick={() => setMain.mutate(photo.id)} disabled={busy}>
                      {t('photos.makeMain')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="light"
                    onClick={() => move(photo, -1)}
                    disabled={busy || index === 0}
                    aria-label={t('photos.moveEarlier', { number: index + 1 })}
                  >
                    ‹
                  </Button>
                  <Button
                    size="sm"
                    variant="light"
                    onClick={() => move(photo, 1)}
                    disabled={busy || index === photos.length - 1}
                    aria-label={t('photos.moveLater', { number: index + 1 })}
                  >
                    ›
                  </Button>
                  <Button
                    size="sm"
                    variant="light"
                    className="text-danger"
                    onClick={() => remove.mutate(photo.id)}
                    disabled={busy}
                    aria-label={t('photos.delete', { number: index + 1 })}
                  >
                    ✕
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={PHOTO_ACCEPT.join(',')}
        className="visually-hidden"
        onChange={onFile}
        disabled={busy}
      />
      <label htmlFor={inputId} className={`btn btn-secondary ${busy ? 'disabled' : ''}`}>
        {upload.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {upload.isPending ? t('photos.uploading') : t('photos.upload')}
      </label>
      <p className="small text-body-secondary mt-2 mb-0">{t('photos.rules')}</p>
    </div>
  );
}
