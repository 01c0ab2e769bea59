import type { Image } from '@amora/common';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n';
import { Modal } from '../../shared/components/dialogs';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';

const SWIPE_PX = 40;

/**
 * The profile's photos as a carousel with the name over it: a swipe on a phone (scroll snapping),
 * arrows and dots on a desktop, arrow keys on the focused track. A photo opens full size.
 * Without photos, the name's initial on a gradient.
 */
export function PhotoGallery({ photos, name, children }: { photos: Image[]; name: string; children: ReactNode }) {
  const { t } = useTranslation('members');
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;

  if (count === 0) {
    return (
      <div className="gallery gallery-empty">
        <div className="gallery-initial" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </div>
        <div className="gallery-caption">{children}</div>
      </div>
    );
  }

  const go = (to: number, focus = false) => {
    const target = Math.max(0, Math.min(count - 1, to));
    const element = track.current;
    if (!element) return;
    if (focus) element.querySelectorAll<HTMLButtonElement>('.gallery-open')[target]?.focus({ preventScroll: true });
    element.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' });
    setIndex(target);
  };
  const onScroll = () => {
    const element = track.current;
    if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1, true);
    else if (event.key === 'ArrowLeft') go(index - 1, true);
    else return;
    event.preventDefault();
  };

  return (
    <div className="gallery">
      <ul
        ref={track}
        className="gallery-track list-unstyled"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        aria-label={t('gallery.title', { name })}
      >
        {photos.map((photo, number) => (
          <li key={photo.id} className="gallery-slide" aria-hidden={number !== index}>
            <button
              type="button"
              className="gallery-open"
              onClick={() => setOpen(number)}
              tabIndex={number === index ? 0 : -1}
              aria-label={`${t('gallery.open', { name })} (${t('gallery.photo', { number: number + 1, total: count })})`}
            >
              <ProfilePhoto image={photo} name={name} className="gallery-main" eager={number === 0} />
            </button>
          </li>
        ))}
      </ul>
      <div className="gallery-caption">{children}</div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="gallery-arrow gallery-arrow-previous"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label={t('gallery.previous')}
          >
            <Icon svg={icons.back} />
          </button>
          <button
            type="button"
            className="gallery-arrow gallery-arrow-next"
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            aria-label={t('gallery.next')}
          >
            <Icon svg={icons.next} />
          </button>
          <div className="gallery-dots">
            {photos.map((photo, number) => (
              <button
                key={photo.id}
                type="button"
                className="gallery-dot"
                onClick={() => go(number)}
                aria-current={number === index}
                aria-label={t('gallery.photo', { number: number + 1, total: count })}
              />
            ))}
          </div>
        </>
      )}
      <PhotoViewer photos={photos} name={name} open={open} setOpen={setOpen} />
    </div>
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
