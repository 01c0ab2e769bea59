import { LIKES_LIST_TYPES, type LikeCounts, type LikedCard, type LikesListType } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import { Link, NavLink, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { MoreButton } from '../../shared/components/MoreButton';
import { PageTitle } from '../../shared/components/PageTitle';
import { ProfileCard, ProfileGrid } from '../../shared/components/ProfileCard';
import { badgeText } from '../../shared/document-title';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';
import { useLikes, useLikesList } from './api';
import { CardLikeButton } from './LikeButton';

function LikedMemberCard({ profile, type }: { profile: LikedCard; type: LikesListType }) {
  const { t } = useTranslation('likes');
  const mark = type === 'received' && profile.like_new && <span className="card-new">{t('list.new')}</span>;
  return (
    <ProfileCard
      profile={profile}
      to={`/likes/m/${profile.id}`}
      mark={mark}
      action={<CardLikeButton profile={profile} liked={profile.liked} />}
    />
  );
}

/** An empty list says why, and offers the way to fill it: a photo for likes received, the swipe game for the rest. */
function EmptyList({ type }: { type: LikesListType }) {
  const { t } = useTranslation(['likes', 'app']);
  const [to, label] = type === 'received' ? ['/profile', 'app:nav.profile'] : ['/swipe-game', 'app:nav.swipeGame'];
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <Icon svg={icons.liked} />
      </span>
      <p>{t(`empty.${type}`)}</p>
      <Link to={to} className="btn btn-primary">
        {t(label)}
      </Link>
    </div>
  );
}

/** Each list's count as likes.php gives it: counted up to 100, shown as 99+ past 99. */
const countOf: Record<LikesListType, (counts: LikeCounts) => number> = {
  received: (counts) => counts.received,
  given: (counts) => counts.given,
  matches: (counts) => counts.matches,
};

/** /likes and /likes/{received|given|matches}: who likes the member (new first), whom they like, and matches. */
export default function LikesPage() {
  const { t } = useTranslation('likes');
  const { type = 'received' } = useParams();
  const known = LIKES_LIST_TYPES.includes(type as LikesListType);
  const current = (known ? type : 'received') as LikesListType;
  const likes = useLikes();
  const list = useLikesList(current);
  useDocumentTitle(t('title'));

  if (!known) return <ErrorPage status={404} />;

  const counts = likes.data?.counts;
  const profiles = list.data?.pages.flatMap((page) => page.profiles) ?? [];
  return (
    <Container className="page">
      <PageTitle
        title={t('title')}
        actions={
          <Link to="/match-finder" className="btn btn-outline-primary">
            <Icon svg={icons.matchFinder} className="me-2" />
            {t('finder.title')}
          </Link>
        }
      />
      <Nav variant="underline" className="mb-4" aria-label={t('tabsLabel')}>
        {LIKES_LIST_TYPES.map((tab) => (
          <Nav.Item key={tab}>
            <Nav.Link as={NavLink} to={tab === 'received' ? '/likes' : `/likes/${tab}`} end active={tab === current}>
              {t(`tabs.${tab}`)}
              {/* The link lays its parts out as a flex row, which drops the leading space on screen: the margin shows it. */}
              {counts && <span className="text-body-secondary ms-1"> ({badgeText(countOf[tab](counts))})</span>}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {list.isPending && <Loading />}
      {list.isError && <Alert variant="danger">{list.error.message}</Alert>}
      {list.data && profiles.length === 0 && <EmptyList type={current} />}
      {profiles.length > 0 && (
        <ProfileGrid
          profiles={profiles}
          label={t(`tabs.${current}`)}
          card={(profile) => <LikedMemberCard profile={profile} type={current} />}
        />
      )}
      <MoreButton list={list} label={t('list.more')} className="text-center mt-4" />
    </Container>
  );
}
