import type { HostedProfileDetail } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Switch } from '../../../shared/components/Switch';
import { useStaffWords } from '../shared/words';
import { useChangeHostedPhoto, useRemoveHostedPhoto, useUploadHostedPhoto } from './api';
import type { Profile } from './profile-draft';

export function Photos({
  profile,
  photos,
  keeps,
}: {
  profile: Profile;
  photos: HostedProfileDetail['photos'];
  keeps: boolean;
}) {
  const upload = useUploadHostedPhoto(profile.id);
  const change = useChangeHostedPhoto();
  const remove = useRemoveHostedPhoto();
  const { t } = useStaffWords();
  const failed = upload.error ?? change.error ?? remove.error;
  return (
    <section className="staff-card" aria-label={t('profiles.photos')}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0 me-auto">{t('profiles.photos')}</h2>
        {keeps && (
          <Form.Label className={`btn btn-sm btn-primary mb-0${upload.isPending ? ' disabled' : ''}`}>
            {t(upload.isPending ? 'profiles.uploading' : 'profiles.addPhoto')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              className="visually-hidden"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
                event.target.value = '';
              }}
            />
          </Form.Label>
        )}
      </div>
      {failed && <Alert variant="danger">{failed.message}</Alert>}
      {photos.length === 0 ? (
        <p className="small text-body-secondary mb-0">{t(keeps ? 'profiles.noPhotosYet' : 'profiles.noPhotos')}</p>
      ) : (
        <ul className="staff-hosted-photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <img
                src={photo.thumb_url}
                alt={t('profiles.photoOf', { name: profile.name, number: index + 1, total: photos.length })}
                width={160}
                height={160}
              />
              <span className="staff-hosted-photo-marks">
                {photo.main && <Badge bg="primary">{t('profiles.main')}</Badge>}
                {photo.premium_only && <Badge bg="warning">{t('profiles.premiumOnly')}</Badge>}
                {photo.private && <Badge bg="dark">{t('profiles.private')}</Badge>}
                {photo.sent && (
                  <Badge bg="light" text="dark">
                    {t('profiles.sent')}
                  </Badge>
                )}
              </span>
              {keeps && (
                <span className="staff-hosted-photo-actions">
                  {!photo.main && !photo.private && (
                    <Button
                      variant="outline-primary"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ profile: profile.id, photo: photo.id, main: true })}
                    >
                      {t('profiles.makeMain')}
                    </Button>
                  )}
                  <Switch
                    id={`premium-${photo.id}`}
                    label={t('profiles.premiumOnly')}
                    checked={photo.premium_only}
                    disabled={change.isPending}
                    onChange={(e) =>
                      change.mutate({ profile: profile.id, photo: photo.id, premium_only: e.target.checked })
                    }
                  />
                  {!photo.main && (
                    <Switch
                      id={`private-${photo.id}`}
                      label={t('profiles.privateSwitch')}
                      checked={photo.private}
                      disabled={change.isPending}
                      onChange={(e) =>
                        change.mutate({ profile: profile.id, photo: photo.id, private: e.target.checked })
                      }
                    />
                  )}
                  {!photo.sent && (
                    <Button
                      variant="outline-danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ profile: profile.id, photo: photo.id })}
                    >
                      {t('profiles.delete')}
                      <span className="visually-hidden"> {t('profiles.photoNumber', { number: index + 1 })}</span>
                    </Button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
