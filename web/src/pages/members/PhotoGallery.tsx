import type { Image } from '@amora/common';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Modal } from '../../components/dialogs';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { ProfilePhoto } from '../../components/ProfilePhoto';
import { useTranslation } from '../../i18n';

const SWIPE_PX = 40;

/**
 * The main photo with thumbnails below; a photo opens full size, where arrow keys, the buttons
 * or a swipe move through the photos.
 */
export function PhotoGallery({ photos, name }: { photos: Image[]; name: string }) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState<number | null>(null);
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  useEffect(() => {
    if (open === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setOpen((index) => (index === null ? index : (index + 1) % count));
      if (event.key === 'ArrowLeft') setOpen((index) => (index === null ? index : (index - 1 + count) % count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count]);
  if (photos.length === 0) return <ProfilePhoto image={null} name={name} className="gallery-main" />;

  const show = (index: number) => setOpen((index + photos.length) % photos.length);
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
    <div className="gallery">
      <button type="button" className="gallery-open" onClick={() => show(0)} aria-label={t('gallery.open', { name })}>
        <ProfilePhoto image={photos[0] ?? null} name={name} className="gallery-main" eager />
      </button>
      {photos.length > 1 && (
        <ul className="gallery-thumbs list-unstyled">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="gallery-open"
                onClick={() => show(index)}
                aria-label={t('gallery.photo', { number: index + 1, total: photos.length })}
              >
                <ProfilePhoto image={photo} name="" thumb />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        show={current !== null && current !== undefined}
        onHide={() => setOpen(null)}
        size="lg"
        centered
        aria-label={t('gallery.title', { name })}
      >
        <Modal.Header closeButton closeLabel={t('gallery.close')}>
          <Modal.Title className="h6">
            {t('gallery.photo', { number: (open ?? 0) + 1, total: photos.length })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body
          className="p-0 bg-dark text-center gallery-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        >
          {current && <ProfilePhoto image={current} name={name} className="gallery-full" eager />}
        </Modal.Body>
        {photos.length > 1 && (
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
    </div>
  );
}
