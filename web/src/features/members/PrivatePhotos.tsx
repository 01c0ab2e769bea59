import type { MemberProfile } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { usePrivatePhotos } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/** Placeholders at most, however many private photos there are: the count says the rest. */
const TILES = 3;

/**
 * The private photos the viewer may not see: a tile for each (a soft gradient with a lock, made
 * of nothing of the photo), how many there are, and "Ask to see" (or that they asked).
 */
export function PrivatePhotoPlaceholders({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const ask = usePrivatePhotos(profile.id);
  const count = profile.private_photos_hidden;
  if (count === 0) return null;
  const asked = profile.private_access === 'asked';
  return (
    <section className="private-photos" aria-labelledby="private-photos-title">
      <ul className="private-tiles list-unstyled" aria-hidden="true">
        {Array.from({ length: Math.min(count, TILES) }, (_, index) => (
          <li key={index} className={`private-tile private-tile-${index}`}>
            <Icon svg={icons.locked} />
          </li>
        ))}
      </ul>
      <div className="private-photos-text">
        <h2 className="h6 mb-1" id="private-photos-title">
          {t('private.count', { count })}
        </h2>
        {asked ? (
          <p className="small text-body-secondary mb-0" role="status">
            {t('private.asked', { name: profile.name })}
          </p>
        ) : (
          !profile.blocked && (
            <Button
              variant="primary"
              className="private-ask"
              onClick={() => ask.mutate('ask')}
              disabled={ask.isPending}
            >
              <Icon svg={icons.unlocked} className="me-2" />
              {t('private.ask')}
            </Button>
          )
        )}
      </div>
      {ask.isError && (
        <Alert variant="danger" className="mt-2 mb-0 w-100">
          {ask.error.message}
        </Alert>
      )}
    </section>
  );
}
