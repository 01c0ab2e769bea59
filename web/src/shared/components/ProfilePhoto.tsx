import type { Image } from '@amora/common';
import { usePhotoUrl } from '../../api/hooks';
import { Icon } from './Icon';
import * as icons from './icons';

/** A profile's photo (or its thumbnail), loaded lazily on a tinted ground; without a photo, a silhouette. */
export function ProfilePhoto({
  image,
  name,
  thumb = false,
  className = '',
  eager = false,
  alt = name,
}: {
  image: Image | null;
  name: string;
  /** Empty where the name is already written next to the photo. */
  alt?: string;
  thumb?: boolean;
  className?: string;
  eager?: boolean;
}) {
  const photoUrl = usePhotoUrl();
  if (!image) {
    return (
      <div className={`profile-photo profile-photo-empty ${className}`} aria-hidden="true">
        <Icon svg={icons.profile} />
      </div>
    );
  }
  return (
    <img
      src={photoUrl(image, thumb ? 'thumb' : 'full')}
      alt={alt}
      className={`profile-photo ${className}`}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={thumb ? 360 : image.width}
      height={thumb ? 360 : image.height}
    />
  );
}
