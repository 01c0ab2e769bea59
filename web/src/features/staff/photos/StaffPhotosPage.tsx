import { type ModerationPhoto, PHOTO_REJECTIONS, type PhotoRejection } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffWords } from '../shared/words';
import { useDecidePhotos, usePhotoQueue } from './api';

type Words = ReturnType<typeof useStaffWords>['t'];

const waitedFor = (since: string, t: Words) => {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return t('photos.justNow');
  if (minutes < 60) return t('photos.waitedMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? t('photos.waitedHours', { hours }) : t('photos.waitedDays', { count: Math.floor(hours / 24) });
};

type Decision = { decision: 'approve' } | { decision: 'reject'; rejection: PhotoRejection };

/** /staff/photos (moderators, admins): the photos waiting on every site, oldest first; approve or reject one or many. */
export default function StaffPhotosPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('nav.photos'));
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
          const count = answer.approved.length + answer.rejected.length;
          const others = answer.already_decided.length;
          const done = t(decision.decision === 'approve' ? 'photos.approved' : 'photos.rejected', { count });
          setTold(others > 0 ? `${done} ${t('photos.decidedMeanwhile', { count: others })}` : done);
        },
      },
    );
  };

  if (queue.isPending) return <Loading />;
  return (
    <section className="staff-photos-page">
      <div className="staff-page-head">
        <h1 className="h3">{t('nav.photos')}</h1>
        <p className="text-body-secondary mb-0" aria-live="polite">
          {queue.data
            ? t('photos.waiting', {
                count: queue.data.waiting,
                time: formatTime(queue.data.refreshed_at, locale),
              })
            : ''}
        </p>
      </div>
      <div className="staff-photos-tools">
        <Form.Select
          aria-label={t('shared.site')}
          value={site ?? ''}
          onChange={(event) => setSite(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('shared.allSites')}</option>
          {[...sites].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </Form.Select>
        {photos.length > 0 && (
          <Button
            variant="link"
            onClick={() =>
              setSelected(chosen.length === photos.length ? new Set() : new Set(photos.map((photo) => photo.id)))
            }
          >
            {chosen.length === photos.length ? t('photos.selectNone') : t('photos.selectAll')}
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
        <p>{t('photos.none')}</p>
      ) : (
        <ul className="staff-photos" aria-label={t('photos.list')}>
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
        <section className="staff-photos-bulk" aria-label={t('photos.bulk')}>
          <strong>{t('photos.selected', { count: chosen.length })}</strong>
          <Decide
            which={t('photos.theSelected')}
            why={t('photos.whySelected')}
            busy={decide.isPending}
            onDecide={(decision) => run(chosen, decision)}
          />
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
  const { t } = useStaffWords();
  const who = photo.profile.hosted ? t('photos.hosted', { name: photo.profile.name }) : photo.profile.name;
  return (
    <li className={selected ? 'staff-photo selected' : 'staff-photo'}>
      <a href={photo.url} target="_blank" rel="noreferrer" className="staff-photo-image">
        <img
          src={photo.thumb_url}
          alt={t('photos.open', { name: who })}
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
        label={<span className="visually-hidden">{t('photos.select', { name: who })}</span>}
      />
      <div className="staff-photo-about">
        <strong>{who}</strong>
        <span className="text-body-secondary">
          {photo.site.name} · {waitedFor(photo.uploaded_at, t)}
        </span>
      </div>
      <Decide
        which={t('photos.thePhoto', { name: who })}
        why={t('photos.whyPhoto', { name: who })}
        busy={busy}
        onDecide={onDecide}
      />
    </li>
  );
}

/** Approve, or Reject and then why: two taps either way. `which` completes the buttons' names for a screen reader. */
function Decide({
  which,
  why,
  busy,
  onDecide,
}: {
  which: string;
  why: string;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t } = useStaffWords();
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <fieldset className="staff-photo-reasons">
        <legend>{why}</legend>
        {PHOTO_REJECTIONS.map((rejection) => (
          <Button
            key={rejection}
            variant="outline-danger"
            disabled={busy}
            onClick={() => onDecide({ decision: 'reject', rejection })}
          >
            {t(`photos.rejections.${rejection}`)}
          </Button>
        ))}
        <Button variant="link" onClick={() => setAsking(false)}>
          {t('team.cancel')}
        </Button>
      </fieldset>
    );
  }
  return (
    <div className="staff-photo-actions">
      <Button variant="success" disabled={busy} onClick={() => onDecide({ decision: 'approve' })}>
        {t('photos.approve')}
        <span className="visually-hidden"> {which}</span>
      </Button>
      <Button variant="outline-danger" disabled={busy} onClick={() => setAsking(true)}>
        {t('photos.reject')}
        <span className="visually-hidden"> {which}</span>
      </Button>
    </div>
  );
}
