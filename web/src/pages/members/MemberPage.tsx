import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSettings, useUser } from '../../api/hooks';
import { useBlock, useMember } from '../../api/members';
import { HostedMark } from '../../components/HostedMark';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Loading } from '../../components/Loading';
import { LoginPrompt } from '../../components/LoginPrompt';
import { useCountryName } from '../../components/useCountryName';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useTranslation } from '../../i18n';
import { storedTracking } from '../accounts/tracking';
import { UpgradeLink } from '../credits/UpgradeLink';
import { LikeButton } from '../likes/LikeButton';
import { PhotoGallery } from './PhotoGallery';
import { InterestList, ProfileDetails } from './ProfileDetails';
import { ReportButton } from './ReportButton';

/** A member's page (/members/{id}, also /likes/m/{id}). Chat joins the actions with its issue. */
export default function MemberPage() {
  const { t } = useTranslation('members');
  const id = Number(useParams().id);
  const { user } = useUser();
  const { data: settings } = useSettings();
  const member = useMember(id, storedTracking()?.network);
  const block = useBlock(id);
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

  return (
    <Container className="py-4 member-page">
      <Button variant="link" className="px-0 mb-2" onClick={() => navigate(-1)}>
        <Icon svg={icons.back} className="me-1" />
        {t('member.back')}
      </Button>
      <Row className="g-4">
        <Col md={6} lg={5}>
          <PhotoGallery photos={profile.photos} name={profile.name} />
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
          <h1 className="h2 mb-1">
            {profile.name}, {profile.age}
          </h1>
          {profile.hosted && <HostedMark className="mb-2" />}
          {place && <p className="text-body-secondary">{place}</p>}
          {profile.hosted && settings && (
            <Alert variant="warning" className="small">
              {settings.fictional_warning}
            </Alert>
          )}
          {profile.blocked && (
            <Alert variant="secondary">
              <p className="mb-2">{t('member.blockedNote', { name: profile.name })}</p>
              <Button size="sm" variant="outline-dark" onClick={() => block.mutate(false)} disabled={block.isPending}>
                {t('member.unblock')}
              </Button>
            </Alert>
          )}
          {profile.about && (
            <section className="mb-4" aria-labelledby="about-title">
              <h2 className="h5" id="about-title">
                {t('member.about')}
              </h2>
              <p className="about-text">{profile.about}</p>
            </section>
          )}
          <section className="mb-4" aria-labelledby="details-title">
            <h2 className="h5" id="details-title">
              {t('member.details')}
            </h2>
            <ProfileDetails profile={profile} />
          </section>
          {profile.interests.length > 0 && (
            <section className="mb-4" aria-labelledby="interests-title">
              <h2 className="h5" id="interests-title">
                {t('member.interests')}
              </h2>
              <InterestList ids={profile.interests} />
            </section>
          )}
          {!user && <LoginPrompt message={t('prompt.memberActions', { name: profile.name })} />}
          {isOwn && (
            <Link to="/profile" className="btn btn-primary">
              {t('member.editOwn')}
            </Link>
          )}
          {user && !isOwn && (
            <div className="d-flex flex-wrap align-items-center gap-3 border-top pt-3">
              {!profile.blocked && (
                <Link to={`/members/${profile.id}/chat`} className="btn btn-primary">
                  <Icon svg={icons.chat} className="me-2" />
                  {t('member.chat')}
                </Link>
              )}
              {!profile.blocked && <LikeButton profile={profile} />}
              {!profile.blocked && (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  onClick={() => block.mutate(true)}
                  disabled={block.isPending}
                >
                  {t('member.block')}
                </Button>
              )}
              <ReportButton profileId={profile.id} name={profile.name} />
            </div>
          )}
          {block.isError && (
            <Alert variant="danger" className="mt-3">
              {block.error.message}
            </Alert>
          )}
        </Col>
      </Row>
    </Container>
  );
}
