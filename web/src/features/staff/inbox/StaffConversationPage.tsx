import { type ChatMessage, isPrivatePhotoLine, type MemberProfile, type Persona } from '@amora/common';
import type { TFunction } from '@amora/common/i18n';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { MessageBubble } from '../../chats/MessageBubble';
import { staffPhotoUrl } from '../shared/api';
import { PersonaSheet } from '../shared/PersonaSheet';
import { StaffField } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import {
  useAddNote,
  useAnswer,
  useEditPersona,
  useOperatorConversation,
  useOperatorPrivatePhotos,
  useRelease,
} from './api';

/**
 * /staff/conversations/{id}: a claimed conversation. The history (the hosted side on the right),
 * an answer as the hosted profile (text or a photo of its gallery), the member's public profile
 * and the staff notes on the member.
 */
export default function StaffConversationPage() {
  const id = Number(useParams().id);
  const view = useOperatorConversation(id);
  const release = useRelease();
  const navigate = useNavigate();
  const { t } = useStaffWords();
  useDocumentTitle(
    view.data
      ? t('conversation.title', { member: view.data.member.name, hosted: view.data.hosted.name })
      : t('conversation.region'),
  );

  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/inbox">{t('conversation.back')}</Link>
      </Alert>
    );
  }
  const { member, hosted, messages, notes, awaiting, persona } = view.data;
  const done = () => release.mutate(id, { onSettled: () => navigate('/staff/inbox') });
  return (
    <div className="staff-conversation">
      <section className="staff-chat" aria-label={t('conversation.region')}>
        <div className="d-flex align-items-center gap-2 mb-2">
          <h1 className="h4 mb-0 me-auto">{t('conversation.heading', { member: member.name, hosted: hosted.name })}</h1>
          <Button variant="outline-secondary" onClick={done}>
            {t('conversation.release')}
          </Button>
        </div>
        <p className="small text-body-secondary">
          {t(awaiting ? 'conversation.awaiting' : 'conversation.answered')}{' '}
          {t('conversation.answeringAs', { name: hosted.name })}
        </p>
        <ol className="chat-message-list staff-history" aria-label={t('conversation.messages')}>
          {messages.map((message) =>
            isPrivatePhotoLine(message.kind) ? (
              <li key={message.id} className="chat-line">
                <p className="chat-line-text">{lineText(message, member.name, hosted.name, t)}</p>
              </li>
            ) : (
              <MessageBubble key={message.id} message={message} />
            ),
          )}
        </ol>
        <PrivatePhotosPanel conversation={id} member={member} hosted={hosted} />
        <AnswerForm conversation={id} hosted={hosted} />
      </section>
      <aside className="staff-side">
        <ConversationPersona conversation={id} hostedName={hosted.name} persona={persona} />
        <MemberSummary profile={member} />
        <Notes conversation={id} notes={notes} />
      </aside>
    </div>
  );
}

/** A line about private photos as staff read it (the hosted side is "from me"). */
function lineText(message: ChatMessage, memberName: string, hostedName: string, t: TFunction) {
  const [actor, other] = message.from_me ? [hostedName, memberName] : [memberName, hostedName];
  return t(`conversation.lines.${message.kind}`, { actor, other });
}

/** The hosted profile's private photos and where the member stands with them: share, decline a request, stop sharing. */
function PrivatePhotosPanel({
  conversation,
  member,
  hosted,
}: {
  conversation: number;
  member: MemberProfile;
  hosted: MemberProfile;
}) {
  const change = useOperatorPrivatePhotos(conversation);
  const { t } = useStaffWords();
  const standing = member.my_private_photos;
  if (hosted.private_photos.length === 0 && standing === 'none') return null;
  const count = hosted.private_photos.length;
  return (
    <section className="staff-private-photos my-3" aria-label={t('conversation.privatePhotos')}>
      <h2 className="h6">{t('conversation.privateOf', { name: hosted.name })}</h2>
      <p className="small mb-2">
        {t('conversation.privateCount', { count })} {t(`conversation.standing.${standing}`, { name: member.name })}
      </p>
      {change.isError && <Alert variant="danger">{change.error.message}</Alert>}
      <div className="d-flex gap-2">
        {standing !== 'granted' && (
          <Button onClick={() => change.mutate('grant')} disabled={change.isPending}>
            {t('conversation.share', { name: member.name })}
          </Button>
        )}
        {standing === 'asked' && (
          <Button variant="outline-secondary" onClick={() => change.mutate('decline')} disabled={change.isPending}>
            {t('conversation.decline')}
          </Button>
        )}
        {standing === 'granted' && (
          <Button variant="outline-secondary" onClick={() => change.mutate('revoke')} disabled={change.isPending}>
            {t('conversation.stopSharing')}
          </Button>
        )}
      </div>
    </section>
  );
}

function AnswerForm({ conversation, hosted }: { conversation: number; hosted: MemberProfile }) {
  const answer = useAnswer(conversation);
  const { t } = useStaffWords();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    answer.mutate({ text }, { onSuccess: () => setText('') });
  };
  return (
    <Form onSubmit={submit} className="staff-answer">
      {answer.isError && <Alert variant="danger">{answer.error.message}</Alert>}
      <StaffField id="staff-answer" label={t('conversation.answerAs', { name: hosted.name })} labelClassName="">
        {(control) => (
          <Form.Control {...control} as="textarea" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </StaffField>
      <Button type="submit" className="mt-2" disabled={answer.isPending || text.trim() === ''}>
        {t('conversation.send')}
      </Button>
      {hosted.photos.length > 0 && (
        <fieldset className="mt-3">
          <legend className="h6">{t('conversation.orPhoto', { name: hosted.name })}</legend>
          <div className="staff-gallery">
            {hosted.photos.map((photo, index) => (
              <button
                key={photo.id}
                type="button"
                className="staff-gallery-photo"
                onClick={() => answer.mutate({ photo_id: photo.id })}
                disabled={answer.isPending}
              >
                <img
                  src={staffPhotoUrl(photo.thumb_filename)}
                  alt={t('conversation.sendPhoto', { name: hosted.name, number: index + 1 })}
                  width={96}
                  height={120}
                />
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </Form>
  );
}

/** The persona sheet of the conversation's hosted profile, saved for all its conversations. */
function ConversationPersona({
  conversation,
  hostedName,
  persona,
}: {
  conversation: number;
  hostedName: string;
  persona: Persona;
}) {
  const edit = useEditPersona(conversation);
  return (
    <PersonaSheet
      hostedName={hostedName}
      persona={persona}
      saving={edit.isPending}
      error={edit.error}
      onSave={(facts) => edit.mutate({ version: persona.version, facts })}
    />
  );
}

function MemberSummary({ profile }: { profile: MemberProfile }) {
  const { t } = useStaffWords();
  const facts = [profile.gender, profile.relationship_status, profile.city, profile.country].filter(Boolean);
  return (
    <section className="staff-card" aria-label={t('conversation.member')}>
      <h2 className="h5">
        {profile.name}, {profile.age}
      </h2>
      <p className="small text-body-secondary">{facts.join(' · ')}</p>
      {profile.photos.length > 0 && (
        <div className="staff-gallery">
          {profile.photos.map((photo) => (
            <img key={photo.id} src={staffPhotoUrl(photo.thumb_filename)} alt={profile.name} width={72} height={90} />
          ))}
        </div>
      )}
      {profile.about && <p className="mt-2 mb-0">{profile.about}</p>}
    </section>
  );
}

function Notes({
  conversation,
  notes,
}: {
  conversation: number;
  notes: { id: number; text: string; staff: string; created_at: string }[];
}) {
  const add = useAddNote(conversation);
  const { t, locale } = useStaffWords();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') add.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <section className="staff-card" aria-label={t('conversation.notes')}>
      <h2 className="h5">{t('conversation.notesHeading')}</h2>
      <p className="small text-body-secondary">{t('conversation.notesPrivate')}</p>
      <ul className="staff-notes">
        {notes.map((note) => (
          <li key={note.id}>
            {note.text}
            <span className="small text-body-secondary">
              {' '}
              {t('conversation.noteBy', {
                name: note.staff,
                date: formatDate(note.created_at, locale),
                time: formatTime(note.created_at, locale),
              })}
            </span>
          </li>
        ))}
      </ul>
      {add.isError && <Alert variant="danger">{add.error.message}</Alert>}
      <Form onSubmit={submit}>
        <StaffField id="staff-note" label={t('conversation.newNote')} labelClassName="">
          {(control) => (
            <Form.Control {...control} as="textarea" rows={2} value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </StaffField>
        <Button type="submit" variant="outline-primary" className="mt-2" disabled={add.isPending}>
          {t('conversation.addNote')}
        </Button>
      </Form>
    </section>
  );
}
