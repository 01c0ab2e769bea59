import './members.scss';
import type { MemberProfile } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useUser } from '../../api/hooks';
import { useBlock, useMember, useMemberLikeState, usePrivatePhotos } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { LoginPrompt } from '../../shared/components/LoginPrompt';
import { Menu } from '../../shared/components/Menu';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { storedTracking } from '../accounts/tracking';
import { LikeButton, LikeStatus } from '../likes/LikeButton';
import { MemberGallery } from './MemberGallery';
import { MemberIdentity } from './MemberIdentity';
import { ReportDialog } from './ReportDialog';

/**
 * A member's page (/members/{id}, also /likes/m/{id}): who it is on top, then the photos with their
 * words between them; Like and Message in reach of the thumb, never over the name.
 */
export default function MemberPage() {
  const { t } = useTranslation('members');
  const id = Number(useParams().id);
  const { user } = useUser();
  const network = storedTracking()?.network;
  const member = useMember(id, network);
  const likeState = useMemberLikeState(id, network).data;
  const navigate = useNavigate();
  const profile = member.data;
  useDocumentTitle(profile ? `${profile.name}, ${profile.age}` : t('member.title'));

  if (member.isPending) return <Loading />;
  if (member.error instanceof ApiError && member.error.code === 'profile_login_required') {
    return (
      <Container className="py-5">
        <LoginPrompt message={member.error.message} />
      </Container>
    );
  }
  if (!profile) {
    return (
      <Container className="py-5 text-center">
        <h1 className="h3 mb-3">{t('member.notFound')}</h1>
        <Link to="/members" className="btn btn-primary">
          {t('member.toSearch')}
        </Link>
      </Container>
    );
  }
  const isOwn = user?.profile.id === profile.id;
  const canAct = Boolean(user) && !isOwn;

  return (
    <Container className="py-3 py-md-4 member-page">
      <div className="member-top">
        <Button variant="link" className="px-0" onClick={() => navigate(-1)}>
          <Icon svg={icons.back} className="me-1" />
          {t('member.back')}
        </Button>
        {canAct && <SafetyMenu profile={profile} />}
      </div>
      <div className="member-layout">
        <div className="member-side">
          <MemberIdentity profile={profile} />
          {profile.blocked && <BlockedNote profile={profile} />}
          {canAct && !profile.blocked && likeState && <LikeStatus profile={profile} state={likeState} />}
          {canAct && !profile.blocked && (
            <div className="member-actions">
              {likeState && <LikeButton profile={profile} state={likeState} />}
              <Link to={`/members/${profile.id}/chat`} className="btn btn-primary action-button">
                <Icon svg={icons.chat} />
                {t('member.chat')}
              </Link>
            </div>
          )}
          {!user && <LoginPrompt message={t('prompt.memberActions', { name: profile.name })} />}
          {isOwn && (
            <Link to="/profile" className="btn btn-primary">
              {t('member.editOwn')}
            </Link>
          )}
        </div>
        <MemberGallery profile={profile} canAct={canAct} />
      </div>
    </Container>
  );
}

/** Sharing one's private photos with this member (or no longer), Block and Report, out of the way behind "…". */
function SafetyMenu({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const { user } = useUser();
  const block = useBlock(profile.id);
  const share = usePrivatePhotos(profile.id);
  const shared = profile.my_private_photos === 'granted';
  const havePrivate = user?.profile.photos.some((photo) => photo.private) ?? false;
  const problem = block.error ?? share.error;
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <Menu
        id="member-menu"
        label={t('member.more')}
        toggleClassName="btn member-more"
        toggle={<Icon svg={icons.more} />}
      >
        {!profile.blocked && (shared || havePrivate) && (
          <button
            type="button"
            className="dropdown-item"
            onClick={() => share.mutate(shared ? 'revoke' : 'grant')}
            disabled={share.isPending}
          >
            <Icon svg={shared ? icons.locked : icons.unlocked} />{' '}
            {shared ? t('private.stopSharing', { name: profile.name }) : t('private.share', { name: profile.name })}
          </button>
        )}
        {!profile.blocked && (
          <button type="button" className="dropdown-item" onClick={() => block.mutate(true)} disabled={block.isPending}>
            <Icon svg={icons.blocked} /> {t('member.block')}
          </button>
        )}
        <button type="button" className="dropdown-item" onClick={() => setReporting(true)}>
          <Icon svg={icons.report} /> {t('report.open')}
        </button>
      </Menu>
      {problem && (
        <Alert variant="danger" className="w-100 mt-2">
          {problem.message}
        </Alert>
      )}
      <ReportDialog profileId={profile.id} name={profile.name} show={reporting} onHide={() => setReporting(false)} />
    </>
  );
}

function BlockedNote({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const block = useBlock(profile.id);
  return (
    <Alert variant="secondary">
      <p className="mb-2">{t('member.blockedNote', { name: profile.name })}</p>
      <Button size="sm" variant="outline-dark" onClick={() => block.mutate(false)} disabled={block.isPending}>
        {t('member.unblock')}
      </Button>
    </Alert>
  );
}
