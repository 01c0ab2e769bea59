import './members.scss';
import type { MemberProfile } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSettings, useUser } from '../../api/hooks';
import { useBlock, useMember, useMemberLikeState, usePrivatePhotos } from '../../api/members';
import { useTranslation } from '../../i18n';
import { HostedMark } from '../../shared/components/HostedMark';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { LoginPrompt } from '../../shared/components/LoginPrompt';
import { Menu } from '../../shared/components/Menu';
import { useCountryName } from '../../shared/hooks/useCountryName';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { storedTracking } from '../accounts/tracking';
import { UpgradeLink } from '../credits/UpgradeLink';
import { LikeButton, LikeStatus } from '../likes/LikeButton';
import { PhotoGallery } from './PhotoGallery';
import { PrivatePhotoPlaceholders } from './PrivatePhotos';
import { InterestList, ProfileDetails, useDetailRows } from './ProfileDetails';
import { ReportDialog } from './ReportDialog';

/** A member's page (/members/{id}, also /likes/m/{id}): the photos first, Like and Message in reach of the thumb. */
export default function MemberPage() {
  const { t } = useTranslation('members');
  const id = Number(useParams().id);
  const { user } = useUser();
  const { data: settings } = useSettings();
  const network = storedTracking()?.network;
  const member = useMember(id, network);
  const likeState = useMemberLikeState(id, network).data;
  const navigate = useNavigate();
  const countryName = useCountryName();
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
  const place = [profile.city, profile.country && countryName(profile.country)].filter(Boolean).join(', ');
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
      <Row className="g-4">
        <Col md={6} lg={5}>
          <PhotoGallery photos={[...profile.photos, ...profile.private_photos]} name={profile.name}>
            <h1 className="member-name">
              {profile.name}, {profile.age}
            </h1>
            {place && <p className="member-place">{place}</p>}
            {profile.hosted && <HostedMark />}
          </PhotoGallery>
          {canAct && <PrivatePhotoPlaceholders profile={profile} />}
          {profile.photos_for_members > 0 && (
            <p className="mt-3 mb-0 small">
              {t('member.morePhotosLogin', { count: profile.photos_for_members })}{' '}
              <Link to={`/login?next=/members/${profile.id}`}>{t('prompt.login')}</Link>
            </p>
          )}
          {profile.photos_for_premium > 0 && (
            <Alert variant="info" className="mt-3 mb-0">
              <p className="mb-2">{t('member.premiumPhotos', { count: profile.photos_for_premium })}</p>
              {user && <UpgradeLink />}
            </Alert>
          )}
        </Col>
        <Col md={6} lg={7}>
          {profile.hosted && settings && (
            <Alert variant="warning" className="small">
              {settings.fictional_warning}
            </Alert>
          )}
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
          <ProfileSections profile={profile} />
          {!user && <LoginPrompt message={t('prompt.memberActions', { name: profile.name })} />}
          {isOwn && (
            <Link to="/profile" className="btn btn-primary">
              {t('member.editOwn')}
            </Link>
          )}
        </Col>
      </Row>
    </Container>
  );
}

/** About me, the details and the interests; a section the profile left empty is not shown. */
function ProfileSections({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const rows = useDetailRows(profile);
  return (
    <>
      {profile.about && (
        <section className="member-section" aria-labelledby="about-title">
          <h2 className="h5" id="about-title">
            {t('member.about')}
          </h2>
          <p className="about-text">{profile.about}</p>
        </section>
      )}
      {rows.length > 0 && (
        <section className="member-section" aria-labelledby="details-title">
          <h2 className="h5" id="details-title">
            {t('member.details')}
          </h2>
          <ProfileDetails rows={rows} />
        </section>
      )}
      {profile.interests.length > 0 && (
        <section className="member-section" aria-labelledby="interests-title">
          <h2 className="h5" id="interests-title">
            {t('member.interests')}
          </h2>
          <InterestList ids={profile.interests} />
        </section>
      )}
    </>
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
