import type { User } from '@amora/common';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSettings, useUser } from '../../api/hooks';
import { Loading } from '../../components/Loading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SignupForm } from '../accounts/SignupForm';
import { rememberTracking } from '../accounts/tracking';

function Welcome({ user }: { user: User }) {
  const { t } = useTranslation();
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  return (
    <Container className="py-4 py-md-5">
      {flash && <Alert variant="success">{t(flash)}</Alert>}
      <h1 className="h2">{t('home.welcome', { name: user.profile.name })}</h1>
      <Row className="g-3 mt-2">
        <Col md={6}>
          <Card className="h-100 border-0 shadow-sm">
            <Card.Body>
              <h2 className="h5">{t('home.accountTitle')}</h2>
              <p className="mb-1">{t('home.credits', { count: user.credits })}</p>
              <p className="mb-3">{user.status === 'confirmed' ? t('home.activated') : t('home.notActivated')}</p>
              <Link to="/notifications" className="btn btn-outline-primary">
                {t('nav.settings')}
              </Link>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

function Landing() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  return (
    <section className="hero py-5">
      <Container>
        <Row className="g-4 align-items-center">
          <Col lg={6}>
            <h1 className="display-5 fw-bold">{t('home.heroTitle')}</h1>
            <p className="lead">{t('home.heroLead', { site: settings?.name })}</p>
            <ul className="list-unstyled fs-5">
              <li>✓ {t('home.point1')}</li>
              <li>✓ {t('home.point2')}</li>
              <li>✓ {t('home.point3')}</li>
            </ul>
          </Col>
          <Col lg={6}>
            <Card className="border-0 shadow text-body">
              <Card.Body className="p-4">
                <h2 className="h4 mb-3">{t('signup.title')}</h2>
                <SignupForm />
                <p className="text-center mt-3 mb-0">
                  {t('signup.haveAccount')} <Link to="/login">{t('nav.login')}</Link>
                </p>
              </Card.Body>
            </Card>
          </Col>
        </Row>
      </Container>
    </section>
  );
}

export default function IndexPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { user, isLoading } = useUser();
  useDocumentTitle(t('home.title'));
  useEffect(() => rememberTracking(search), [search]);
  if (isLoading) return <Loading />;
  return user ? <Welcome user={user} /> : <Landing />;
}
