import type { Image } from '@amora/common';
import { type PointerEvent, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n';
import { Modal } from '../../shared/components/dialogs';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';
import { interleave } from './interleave';

const SWIPE_PX = 40;

/**
 * The profile as one column of photos with the member's words between them, as Hinge mixes photos
 * and prompts: a photo, about me, a photo, the interests, and so on. A photo opens full size, where
 * arrow keys, buttons and a swipe move on. Without photos, the name's initial on the site's gradient.
 * What follows the photos (private ones, more for members) comes last.
 */
export function ProfileGallery({
  photos,
  name,
  words,
  children,
}: {
  photos: Image[];
  name: string;
  /** The member's sections, each shown after a photo. */
  words: ReactElement[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const tiles = photos.map((photo, number) => (
    <button
      key={`photo-${photo.id}`}
      type="button"
      className="gallery-tile gallery-open"
      onClick={() => setOpen(() => number)}
      aria-label={`${t('gallery.open', { name })} (${t('gallery.photo', { number: number + 1, total: count })})`}
    >
      <ProfilePhoto image={photo} name={name} className="gallery-photo" eager={number === 0} />
    </button>
  ));
  const placeholder = (
    <div key="initial" className="gallery-tile gallery-empty" aria-hidden="true">
      <span className="gallery-initial">{name.slice(0, 1).toUpperCase()}</span>
    </div>
  );
  return (
    <section className="gallery" aria-label={t('gallery.title', { name })}>
      {interleave(count > 0 ? tiles : [placeholder], words)}
      {children}
      <PhotoViewer photos={photos} name={name} open={open} setOpen={setOpen} />
    </section>
  );
}

/** One photo full size; arrow keys, the buttons or a swipe move through the photos. */
function PhotoViewer({
  photos,
  name,
  open,
  setOpen,
}: {
  photos: Image[];
  name: string;
  open: number | null;
  setOpen: (update: (index: number | null) => number | null) => void;
}) {
  const { t } = useTranslation('members');
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  useEffect(() => {
    if (open === null) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'ArrowRight') setOpen((index) => (index === null ? index : (index + 1) % count));
      if (event.key === 'ArrowLeft') setOpen((index) => (index === null ? index : (index - 1 + count) % count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count, setOpen]);

  const show = (index: number) => setOpen(() => (index + count) % count);
  const current = open === null ? null : photos[open];
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (open === null || swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(moved) >= SWIPE_PX) show(open + (moved < 0 ? 1 : -1));
  };

  return (
    <Modal
      show={current !== null && current !== undefined}
      onHide={() => setOpen(() => null)}
      size="lg"
      centered
      aria-label={t('gallery.title', { name })}
    >
      <Modal.Header closeButton closeLabel={t('gallery.close')}>
        <Modal.Title className="h6">{t('gallery.photo', { number: (open ?? 0) + 1, total: count })}</Modal.Title>
      </Modal.Header>
      <Modal.Body
        className="p-0 bg-dark text-center gallery-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {current && <ProfilePhoto image={current} name={name} className="gallery-full" eager />}
      </Modal.Body>
      {count > 1 && (
        <Modal.Footer className="justify-content-between">
          <Button variant="outline-primary" onClick={() => show((open ?? 0) - 1)}>
            <Icon svg={icons.back} className="me-1" />
            {t('gallery.previous')}
          </Button>
          <Button variant="outline-primary" onClick={() => show((open ?? 0) + 1)}>
            {t('gallery.next')}
            <Icon svg={icons.next} className="ms-1" />
          </Button>
        </Modal.Footer>
      )}
    </Modal>
  );
}
