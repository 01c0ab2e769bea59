import type { Image } from '@amora/common';
import { usePhotoUrl } from '../../api/hooks';

/** The first letter of a name, as a person would write it (a whole letter, not half of a surrogate pair). */
const initialOf = (name: string) => (Array.from(name.trim())[0] ?? '').toLocaleUpperCase();

/**
 * Where a profile has no photo: a drawn bust on the brand's tint with the name's initial on its
 * head. Drawn to a 4:5 frame standing on the bottom edge, so a round avatar shows head and shoulders.
 */
function PhotoPlaceholder({ name, className }: { name: string; className: string }) {
  return (
    <div className={`profile-photo profile-photo-empty ${className}`} aria-hidden="true">
      <svg className="profile-photo-bust" viewBox="0 0 100 125" preserveAspectRatio="xMidYMax slice" aria-hidden="true">
        <path d="M10 125 C12 97 29 85 50 85 C71 85 88 97 90 125 Z" />
        <circle cx="50" cy="55" r="23" />
        <text x="50" y="55" dy="0.36em" textAnchor="middle">
          {initialOf(name)}
        </text>
      </svg>
    </div>
  );
}

/** A profile's photo (or its thumbnail), loaded lazily on a tinted ground; without a photo, a drawn placeholder. */
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
  if (!image) return <PhotoPlaceholder name={name} className={className} />;
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
