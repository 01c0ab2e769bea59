import { type ChatMessage, isPrivatePhotoLine, type MemberProfile, type Persona } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { MessageBubble } from '../../chats/MessageBubble';
import { staffPhotoUrl } from '../shared/api';
import { PersonaSheet } from '../shared/PersonaSheet';
import { StaffField } from '../shared/StaffField';
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
  useDocumentTitle(view.data ? `${view.data.member.name} → ${view.data.hosted.name}` : 'Conversation');

  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/inbox">Back to the inbox</Link>
      </Alert>
    );
  }
  const { member, hosted, messages, notes, awaiting, persona } = view.data;
  const done = () => release.mutate(id, { onSettled: () => navigate('/staff/inbox') });
  return (
    <div className="staff-conversation">
      <section className="staff-chat" aria-label="Conversation">
        <div className="d-flex align-items-center gap-2 mb-2">
          <h1 className="h4 mb-0 me-auto">
            {member.name} ↔ {hosted.name} (hosted)
          </h1>
          <Button variant="outline-secondary" size="sm" onClick={done}>
            Release
          </Button>
        </div>
        <p className="small text-body-secondary">
          {awaiting ? 'The member is waiting for an answer.' : 'Answered.'} You answer as {hosted.name}; every answer is
          logged with your name.
        </p>
        <ol className="chat-message-list staff-history" aria-label="Messages">
          {messages.map((message) =>
            isPrivatePhotoLine(message.kind) ? (
              <li key={message.id} className="chat-line">
                <p className="chat-line-text">{lineText(message, member.name, hosted.name)}</p>
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
function lineText(message: ChatMessage, memberName: string, hostedName: string) {
  const [actor, other] = message.from_me ? [hostedName, memberName] : [memberName, hostedName];
  switch (message.kind) {
    case 'photos_asked':
      return `${actor} asked to see the private photos of ${other}.`;
    case 'photos_shared':
      return `${actor} shared private photos with ${other}.`;
    case 'photos_unshared':
      return `${actor} stopped sharing private photos with ${other}.`;
    default:
      return `${actor} declined to share private photos with ${other}.`;
  }
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
  const standing = member.my_private_photos;
  if (hosted.private_photos.length === 0 && standing === 'none') return null;
  const count = hosted.private_photos.length;
  return (
    <section className="staff-private-photos my-3" aria-label="Private photos">
      <h2 className="h6">Private photos of {hosted.name}</h2>
      <p className="small mb-2">
        {count} private {count === 1 ? 'photo' : 'photos'}.{' '}
        {standing === 'asked'
          ? `${member.name} asked to see them.`
          : standing === 'granted'
            ? `${member.name} sees them.`
            : `${member.name} does not see them.`}
      </p>
      {change.isError && <Alert variant="danger">{change.error.message}</Alert>}
      <div className="d-flex gap-2">
        {standing !== 'granted' && (
          <Button size="sm" onClick={() => change.mutate('grant')} disabled={change.isPending}>
            Share with {member.name}
          </Button>
        )}
        {standing === 'asked' && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => change.mutate('decline')}
            disabled={change.isPending}
          >
            Decline
          </Button>
        )}
        {standing === 'granted' && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => change.mutate('revoke')}
            disabled={change.isPending}
          >
            Stop sharing
          </Button>
        )}
      </div>
    </section>
  );
}

function AnswerForm({ conversation, hosted }: { conversation: number; hosted: MemberProfile }) {
  const answer = useAnswer(conversation);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    answer.mutate({ text }, { onSuccess: () => setText('') });
  };
  return (
    <Form onSubmit={submit} className="staff-answer">
      {answer.isError && <Alert variant="danger">{answer.error.message}</Alert>}
      <StaffField id="staff-answer" label={`Answer as ${hosted.name}`} labelClassName="">
        {(control) => (
          <Form.Control {...control} as="textarea" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </StaffField>
      <Button type="submit" className="mt-2" disabled={answer.isPending || text.trim() === ''}>
        Send answer
      </Button>
      {hosted.photos.length > 0 && (
        <fieldset className="mt-3">
          <legend className="h6">Or send a photo of {hosted.name}</legend>
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
                  alt={`Send ${hosted.name} ${index + 1}`}
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
  const facts = [profile.gender, profile.relationship_status, profile.city, profile.country].filter(Boolean);
  return (
    <section className="staff-card" aria-label="Member">
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
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') add.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <section className="staff-card" aria-label="Notes">
      <h2 className="h5">Notes on this member</h2>
      <p className="small text-body-secondary">Only staff see these.</p>
      <ul className="staff-notes">
        {notes.map((note) => (
          <li key={note.id}>
            {note.text}
            <span className="small text-body-secondary">
              {' '}
              ({note.staff}, {new Date(note.created_at).toLocaleString('en-GB')})
            </span>
          </li>
        ))}
      </ul>
      {add.isError && <Alert variant="danger">{add.error.message}</Alert>}
      <Form onSubmit={submit}>
        <StaffField id="staff-note" label="New note" labelClassName="">
          {(control) => (
            <Form.Control {...control} as="textarea" rows={2} value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </StaffField>
        <Button type="submit" variant="outline-primary" size="sm" className="mt-2" disabled={add.isPending}>
          Add note
        </Button>
      </Form>
    </section>
  );
}
