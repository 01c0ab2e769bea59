import type { LikedCard } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { useUser } from '../../api/hooks';
import { matchesOf, useLikes } from '../../api/likes';
import { Loading } from '../../components/Loading';
import { LoginPrompt } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';
import { MemberCard } from '../members/MemberCard';

const TYPES = ['received', 'given', 'matches'] as const;
type LikesType = (typeof TYPES)[number];

function LikedMemberCard({ profile, type }: { profile: LikedCard; type: LikesType }) {
  const { t } = useTranslation('likes');
  const mark = type === 'received' && profile.like_new && (
    <Badge bg="danger" className="liked-card-new">
      {t('list.new')}
    </Badge>
  );
  return <MemberCard profile={profile} to={`/likes/m/${profile.id}`} mark={mark} />;
}

/** /likes and /likes/{received|given|matches}: who likes the member (new first), whom they like, and matches. */
export default function LikesPage() {
  const { t } = useTranslation('likes');
  const { type = 'received' } = useParams();
  const { user, isLoading: userLoading } = useUser();
  const likes = useLikes();
  useDocumentTitle(t('title'));

  if (!TYPES.includes(type as LikesType)) return <ErrorPage status={404} />;
  const current = type as LikesType;
  if (userLoading) return <Loading />;
  if (!user) {
    return (
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('title')}</h1>
        <LoginPrompt message={t('loginPrompt')} />
      </Container>
    );
  }

  const lists = likes.data && {
    received: likes.data.liked_by,
    given: likes.data.profiles,
    matches: matchesOf(likes.data),
  };
  const profiles = lists?.[current] ?? [];
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('title')}</h1>
        <Link to="/swipe-game" className="btn btn-primary btn-sm">
          {t('swipe.title')}
        </Link>
        <Link to="/match-finder" className="btn btn-outline-primary btn-sm">
          {t('finder.title')}
        </Link>
      </div>
      <Nav variant="underline" className="mb-4" aria-label={t('tabsLabel')}>
        {TYPES.map((tab) => (
          <Nav.Item key={tab}>
            <Nav.Link as={NavLink} to={tab === 'received' ? '/likes' : `/likes/${tab}`} end active={tab === current}>
              {t(`tabs.${tab}`)}
              {lists && <span className="text-body-secondary"> ({lists[tab].length})</span>}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {likes.isPending && <Loading />}
      {likes.isError && <Alert variant="danger">{likes.error.message}</Alert>}
      {lists && profiles.length === 0 && (
        <p className="text-body-secondary text-center py-4">{t(`empty.${current}`)}</p>
      )}
      {profiles.length > 0 && (
        <ul className="member-grid list-unstyled" aria-label={t(`tabs.${current}`)}>
          {profiles.map((profile) => (
            <li key={profile.id}>
              <LikedMemberCard profile={profile} type={current} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
