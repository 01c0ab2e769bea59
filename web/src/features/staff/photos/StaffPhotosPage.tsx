import { type ModerationPhoto, PHOTO_REJECTIONS, type PhotoRejection } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE } from '../shared/api';
import { useDecidePhotos, usePhotoQueue } from './api';

/** What a moderator picks; the member is mailed the full reason in their language. */
const REJECTION_LABELS: Record<PhotoRejection, string> = {
  no_face: 'No face visible',
  not_the_member: 'Not the member',
  nudity: 'Nudity',
  contact_details: 'Contact details',
  poor_quality: 'Poor quality',
  copyright: 'Someone else’s photo',
};

const waitedFor = (since: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `waiting ${hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`}`;
};

type Decision = { decision: 'approve' } | { decision: 'reject'; rejection: PhotoRejection };

/** /staff/photos (moderators, admins): the photos waiting on every site, oldest first; approve or reject one or many. */
export default function StaffPhotosPage() {
  useDocumentTitle('Photos');
  const [site, setSite] = useState<number | null>(null);
  const queue = usePhotoQueue(site);
  const decide = useDecidePhotos();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [told, setTold] = useState<string | null>(null);
  const [sites, setSites] = useState(new Map<number, string>());

  const photos = queue.data?.photos ?? [];
  const known = new Map(sites);
  for (const photo of photos) known.set(photo.site.id, photo.site.name);
  if (known.size !== sites.size) setSites(known);
  const chosen = photos.filter((photo) => selected.has(photo.id)).map((photo) => photo.id);

  const toggle = (id: number) =>
    setSelected((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  const run = (ids: number[], decision: Decision) => {
    setTold(null);
    decide.mutate(
      { photos: ids, ...decision },
      {
        onSuccess: (answer) => {
          setSelected((before) => new Set([...before].filter((id) => !ids.includes(id))));
          const done = answer.approved.length + answer.rejected.length;
          const verb = decision.decision === 'approve' ? 'approved' : 'rejected';
          const others = answer.already_decided.length;
          setTold(
            `${done} ${done === 1 ? 'photo' : 'photos'} ${verb}.` +
              (others > 0
                ? ` ${others} ${others === 1 ? 'was' : 'were'} decided by someone else meanwhile; that decision stands.`
                : ''),
          );
        },
      },
    );
  };

  if (queue.isPending) return <Loading />;
  return (
    <section className="staff-photos-page">
      <div className="staff-page-head">
        <h1 className="h3">Photos</h1>
        <p className="text-body-secondary mb-0" aria-live="polite">
          {queue.data
            ? `${queue.data.waiting} waiting · refreshed at ${formatTime(queue.data.refreshed_at, STAFF_LOCALE)}`
            : ''}
        </p>
      </div>
      <div className="staff-photos-tools">
        <Form.Select
          size="sm"
          aria-label="Site"
          value={site ?? ''}
          onChange={(event) => setSite(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">All sites</option>
          {[...sites].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </Form.Select>
        {photos.length > 0 && (
          <Button
            variant="link"
            size="sm"
            onClick={() =>
              setSelected(chosen.length === photos.length ? new Set() : new Set(photos.map((photo) => photo.id)))
            }
          >
            {chosen.length === photos.length ? 'Select none' : 'Select all'}
          </Button>
        )}
      </div>
      {queue.isError && <Alert variant="danger">{queue.error.message}</Alert>}
      {decide.isError && <Alert variant="danger">{decide.error.message}</Alert>}
      {told && (
        <Alert variant="success" dismissible onClose={() => setTold(null)}>
          {told}
        </Alert>
      )}
      {photos.length === 0 ? (
        <p>No photos are waiting. New photos on sites that check them appear here.</p>
      ) : (
        <ul className="staff-photos" aria-label="Photos waiting">
          {photos.map((photo) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              selected={selected.has(photo.id)}
              busy={decide.isPending && decide.variables.photos.includes(photo.id)}
              onToggle={() => toggle(photo.id)}
              onDecide={(decision) => run([photo.id], decision)}
            />
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <section className="staff-photos-bulk" aria-label="Selected photos">
          <strong>{chosen.length} selected</strong>
          <Decide label="selected photos" busy={decide.isPending} onDecide={(decision) => run(chosen, decision)} />
        </section>
      )}
    </section>
  );
}

function PhotoCard({
  photo,
  selected,
  busy,
  onToggle,
  onDecide,
}: {
  photo: ModerationPhoto;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
  onDecide: (decision: Decision) => void;
}) {
  const who = `${photo.profile.name}${photo.profile.hosted ? ' (hosted)' : ''}`;
  return (
    <li className={selected ? 'staff-photo selected' : 'staff-photo'}>
      <a href={photo.url} target="_blank" rel="noreferrer" className="staff-photo-image">
        <img
          src={photo.thumb_url}
          alt={`${who}, open full size`}
          width={photo.width}
          height={photo.height}
          loading="lazy"
        />
      </a>
      <Form.Check
        className="staff-photo-select"
        id={`select-photo-${photo.id}`}
        checked={selected}
        onChange={onToggle}
        label={<span className="visually-hidden">Select the photo of {who}</span>}
      />
      <div className="staff-photo-about">
        <strong>{who}</strong>
        <span className="text-body-secondary">
          {photo.site.name} · {waitedFor(photo.uploaded_at)}
        </span>
      </div>
      <Decide label={`the photo of ${who}`} busy={busy} onDecide={onDecide} />
    </li>
  );
}

/** Approve, or Reject and then why: two taps either way. */
function Decide({ label, busy, onDecide }: { label: string; busy: boolean; onDecide: (decision: Decision) => void }) {
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <fieldset className="staff-photo-reasons">
        <legend>Why reject {label}?</legend>
        {PHOTO_REJECTIONS.map((rejection) => (
          <Button
            key={rejection}
            variant="outline-danger"
            size="sm"
            disabled={busy}
            onClick={() => onDecide({ decision: 'reject', rejection })}
          >
            {REJECTION_LABELS[rejection]}
          </Button>
        ))}
        <Button variant="link" size="sm" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </fieldset>
    );
  }
  return (
    <div className="staff-photo-actions">
      <Button variant="success" size="sm" disabled={busy} onClick={() => onDecide({ decision: 'approve' })}>
        Approve<span className="visually-hidden"> {label}</span>
      </Button>
      <Button variant="outline-danger" size="sm" disabled={busy} onClick={() => setAsking(true)}>
        Reject<span className="visually-hidden"> {label}</span>
      </Button>
    </div>
  );
}
