import './profile.scss';
import { FREE_PHOTO_LIMIT, type OwnPhoto, PHOTO_ACCEPT, PREMIUM_PHOTO_LIMIT, type User } from '@amora/common';
import { type ChangeEvent, useId, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { photoCalls, usePhotoMutation } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Menu } from '../../shared/components/Menu';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';
import { UpgradeLink } from '../credits/UpgradeLink';

/** The member's photos: upload within the limit, choose the main one, move, make private (or public again), delete. */
export function PhotosManager({ user }: { user: User }) {
  const { t } = useTranslation('members');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = usePhotoMutation(photoCalls.upload);
  const setMain = usePhotoMutation(photoCalls.setMain);
  const reorder = usePhotoMutation(photoCalls.reorder);
  const remove = usePhotoMutation(photoCalls.remove);
  const setPrivate = usePhotoMutation(photoCalls.setPrivate);
  const photos = user.profile.photos;
  const limit = user.paid_user ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
  const counted = photos.filter((photo) => photo.status !== 'rejected').length;
  const mutations = [upload, setMain, reorder, remove, setPrivate];
  const busy = mutations.some((mutation) => mutation.isPending);
  const failure = mutations.find((mutation) => mutation.isError)?.error;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    for (const mutation of [setMain, reorder, remove, setPrivate]) mutation.reset();
    upload.mutate(file);
  };
  const move = (photo: OwnPhoto, by: number) => {
    const order = photos.map((p) => p.id);
    const from = order.indexOf(photo.id);
    order.splice(from, 1);
    order.splice(Math.max(0, Math.min(order.length, from + by)), 0, photo.id);
    reorder.mutate(order);
  };

  // Rows of three: the photos, the tile that adds one (at the limit it still answers, with why not),
  // then empty slots up to the limit, at least two rows.
  const slots = Math.max(Math.min(limit, 6), Math.ceil((photos.length + 1) / 3) * 3);

  return (
    <div className="photos-manager">
      <p className="small text-body-secondary" aria-live="polite">
        {t('photos.count', { count: counted, limit })}
        {!user.paid_user && (
          <>
            {` ${t('photos.premiumLimit', { limit: PREMIUM_PHOTO_LIMIT })} `}
            <Link to="/credits">{t('credits:getPremium')}</Link>
          </>
        )}
      </p>
      {failure && (
        <Alert variant="danger" role="alert">
          <p className="mb-0">{failure.message}</p>
          {failure instanceof ApiError && failure.code === 'photo_limit' && !user.paid_user && (
            <UpgradeLink className="btn btn-sm btn-primary mt-2" />
          )}
        </Alert>
      )}
      <ul className="photo-slots list-unstyled" aria-label={t('profile.photos')}>
        {photos.map((photo, index) => {
          const isMain = user.profile.main_image?.id === photo.id;
          const number = index + 1;
          return (
            <li key={photo.id} className="photo-slot">
              {photo.status === 'rejected' ? (
                // A rejected file is gone for everyone, its owner too: the tile says why instead.
                <p className="photo-slot-image photo-slot-rejected">
                  {photo.rejection ? t(`photos.rejections.${photo.rejection}`) : t('photos.status.rejected')}
                </p>
              ) : (
                <ProfilePhoto
                  image={photo}
                  name={t('photos.photoNumber', { number })}
                  thumb
                  className="photo-slot-image"
                />
              )}
              <div className="photo-badges">
                {isMain && <span className="photo-badge photo-badge-main">{t('photos.main')}</span>}
                {photo.private && (
                  <span className="photo-badge photo-badge-private">
                    <Icon svg={icons.locked} /> {t('photos.private')}
                  </span>
                )}
                {photo.status !== 'active' && (
                  <span className={`photo-badge photo-badge-${photo.status}`}>
                    {t(`photos.status.${photo.status}`)}
                  </span>
                )}
              </div>
              <Menu
                label={t('photos.menu', { number })}
                className="photo-menu"
                align={index % 3 === 0 ? 'start' : 'end'}
                toggleClassName="btn btn-light photo-menu-toggle"
                toggle={<Icon svg={icons.more} />}
              >
                {!isMain && !photo.private && photo.status !== 'rejected' && (
                  <button
                    type="button"
                    className="dropdown-item"
                    onClick={() => setMain.mutate(photo.id)}
                    disabled={busy}
                  >
                    <Icon svg={icons.profile} /> {t('photos.makeMain')}
                  </button>
                )}
                {!isMain && photo.status !== 'rejected' && (
                  <button
                    type="button"
                    className="dropdown-item"
                    onClick={() => setPrivate.mutate({ id: photo.id, private: !photo.private })}
                    disabled={busy}
                  >
                    <Icon svg={photo.private ? icons.unlocked : icons.locked} />{' '}
                    {photo.private ? t('photos.makePublic', { number }) : t('photos.makePrivate', { number })}
                  </button>
                )}
                {index > 0 && (
                  <button type="button" className="dropdown-item" onClick={() => move(photo, -1)} disabled={busy}>
                    <Icon svg={icons.back} /> {t('photos.moveEarlier', { number })}
                  </button>
                )}
                {index < photos.length - 1 && (
                  <button type="button" className="dropdown-item" onClick={() => move(photo, 1)} disabled={busy}>
                    <Icon svg={icons.next} /> {t('photos.moveLater', { number })}
                  </button>
                )}
                <button
                  type="button"
                  className="dropdown-item text-danger"
                  onClick={() => remove.mutate(photo.id)}
                  disabled={busy}
                >
                  <Icon svg={icons.trash} /> {t('photos.delete', { number })}
                </button>
              </Menu>
            </li>
          );
        })}
        <li className="photo-slot photo-slot-add">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PHOTO_ACCEPT.join(',')}
            className="visually-hidden"
            onChange={onFile}
            disabled={busy}
          />
          <label htmlFor={inputId} className={busy ? 'disabled' : undefined}>
            {upload.isPending ? (
              <Spinner animation="border" aria-hidden="true" />
            ) : (
              <Icon svg={icons.camera} className="photo-slot-add-icon" />
            )}
            {upload.isPending ? t('photos.uploading') : t('photos.upload')}
          </label>
        </li>
        {Array.from({ length: Math.max(0, slots - photos.length - 1) }, (_, index) => (
          <li key={`empty-${index}`} className="photo-slot photo-slot-empty" aria-hidden="true" />
        ))}
      </ul>
      <p className="small text-body-secondary mt-2 mb-0">{t('photos.rules')}</p>
      <p className="small text-body-secondary mt-1 mb-0">{t('photos.privateHelp')}</p>
    </div>
  );
}
