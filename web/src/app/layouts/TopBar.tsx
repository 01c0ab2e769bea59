import Container from 'react-bootstrap/Container';
import Dropdown from 'react-bootstrap/Dropdown';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout, useSettings, useUser } from '../../api/hooks';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { TopBarSearch } from '../../components/TopBarSearch';
import { LikesLink } from '../../pages/likes/WaitingBadges';

export function TopBar() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { data: settings } = useSettings();
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/') });

  return (
    <Navbar bg="dark" data-bs-theme="dark" className="py-2" as="header">
      <Container className="gap-2">
        <Navbar.Brand as={Link} to="/">
          <span className="brand-heart" aria-hidden="true">
            ♥{' '}
          </span>
          {settings?.name ?? 'Amora'}
        </Navbar.Brand>
        <nav className="d-flex align-items-center gap-2 ms-auto" aria-label={t('nav.label')}>
          <TopBarSearch />
          {user && <LikesLink />}
          <LanguageSwitcher />
          {user ? (
            <Dropdown align="end">
              <Dropdown.Toggle variant="outline-light" size="sm" id="account-menu">
                {user.profile.name}
              </Dropdown.Toggle>
              <Dropdown.Menu>
                <Dropdown.Item as={Link} to="/profile">
                  {t('nav.profile')}
                </Dropdown.Item>
                <Dropdown.Item as={Link} to="/swipe-game">
                  {t('nav.swipeGame')}
                </Dropdown.Item>
                <Dropdown.Item as={Link} to="/match-finder">
                  {t('nav.matchFinder')}
                </Dropdown.Item>
                <Dropdown.Item as={Link} to="/notifications">
                  {t('nav.settings')}
                </Dropdown.Item>
                <Dropdown.Divider />
                <Dropdown.Item as="button" onClick={onLogout}>
                  {t('nav.logout')}
                </Dropdown.Item>
              </Dropdown.Menu>
            </Dropdown>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm">
              {t('nav.login')}
            </Link>
          )}
        </nav>
      </Container>
    </Navbar>
  );
}
