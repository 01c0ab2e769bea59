import { HOME_FACES, type User } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { useSettings, useUser } from '../../api/hooks';
import { useShowcase } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { inFirstRows, ProfileCard, ProfileGrid, ProfileGridPending } from '../../shared/components/ProfileCard';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CardLikeButton } from '../likes/LikeButton';

/** The site's showcase faces, each a card; nothing where the site shows a visitor none. */
function Faces({ label, withLike }: { label: string; withLike: boolean }) {
  const showcase = useShowcase(HOME_FACES);
  if (showcase.isPending) return <ProfileGridPending count={HOME_FACES} />;
  const profiles = showcase.data ?? [];
  if (profiles.length === 0) return null;
  return (
    <ProfileGrid
      profiles={profiles}
      label={label}
      card={(profile, index) => (
        <ProfileCard
          profile={profile}
          eager={inFirstRows(index)}
          action={withLike && <CardLikeButton profile={profile} />}
        />
      )}
    />
  );
}

const SHORTCUTS = [
  { to: '/swipe-game', icon: icons.swipe, label: 'nav.swipeGame' },
  { to: '/match-finder', icon: icons.matchFinder, label: 'nav.matchFinder' },
  { to: '/likes', icon: icons.liked, label: 'nav.likes' },
] as const;

function Welcome({ user }: { user: User }) {
  const { t } = useTranslation();
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  return (
    <Container className="page">
      {flash && <Alert variant="success">{t(flash)}</Alert>}
      <PageTitle
        title={t('home.welcome', { name: user.profile.name })}
        lead={user.status === 'confirmed' ? t('home.activated') : t('home.notActivated')}
      />
      <nav className="shortcuts" aria-label={t('home.shortcuts')}>
        {SHORTCUTS.map(({ to, icon, label }) => (
          <Link key={to} to={to} className="shortcut">
            <Icon svg={icon} />
            {t(label)}
          </Link>
        ))}
      </nav>
      <div className="d-flex align-items-baseline justify-content-between mt-4 mb-3">
        <h2 className="h5 mb-0">{t('home.newFaces')}</h2>
        <Link to="/members" className="more-link">
          {t('home.seeAll')}
        </Link>
      </div>
      <Faces label={t('home.newFaces')} withLike />
    </Container>
  );
}

const STEPS = [
  { icon: icons.profile, title: 'home.step1Title', text: 'home.step1Text' },
  { icon: icons.liked, title: 'home.step2Title', text: 'home.step2Text' },
  { icon: icons.matchFinder, title: 'home.step3Title', text: 'home.step3Text' },
] as const;

function Landing() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  return (
    <>
      <section className="hero">
        <Container className="hero-inner">
          <div className="hero-text">
            <h1 className="hero-title">{t('home.heroTitle')}</h1>
            <p className="hero-lead">{t('home.heroLead', { site: settings?.name })}</p>
            <div className="hero-actions">
              <Link to="/signup" className="btn btn-primary btn-lg">
                {t('nav.join')}
              </Link>
              <p className="mb-0">
                {t('signup.haveAccount')} <Link to="/login">{t('nav.login')}</Link>
              </p>
            </div>
          </div>
          <div className="hero-faces">
            <Faces label={t('home.newFaces')} withLike={false} />
            <Link to="/members" className="hero-see-all">
              {t('home.seeAll')}
              <Icon svg={icons.next} className="ms-1" />
            </Link>
          </div>
        </Container>
      </section>
      <Container as="section" className="py-5" aria-labelledby="how-title">
        <h2 className="h3 text-center mb-4" id="how-title">
          {t('home.howTitle')}
        </h2>
        <ol className="how-steps list-unstyled">
          {STEPS.map(({ icon, title, text }) => (
            <li key={title} className="how-step">
              <span className="how-step-icon">
                <Icon svg={icon} />
              </span>
              <h3 className="h5">{t(title)}</h3>
              <p className="mb-0 text-body-secondary">{t(text)}</p>
            </li>
          ))}
        </ol>
        <p className="text-center mt-4 mb-0">
          <Link to="/signup" className="btn btn-primary btn-lg">
            {t('nav.join')}
          </Link>
        </p>
      </Container>
    </>
  );
}

export default function IndexPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  useDocumentTitle(t('home.title'));
  if (isLoading) return <Loading />;
  return user ? <Welcome user={user} /> : <Landing />;
}
