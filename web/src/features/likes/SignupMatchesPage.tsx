import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { ProfileCard, ProfileGrid } from '../../shared/components/ProfileCard';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNextPath, withNext } from '../../shared/next-path';
import { useMatchFinder } from './api';
import { CardLikeButton } from './LikeButton';

/** Suggestions shown right after signing up: a first few to like before completing the profile. */
const SHOWN = 8;
const FROM_THE_PROFILE = {};

/**
 * /signup-matches: right after signing up, a few members who fit what the new member looks for
 * (the match finder's suggestions from their own profile), each to like on the card; then on to
 * completing the profile, carrying on where they were going.
 */
export default function SignupMatchesPage() {
  const { t } = useTranslation('members');
  useDocumentTitle(t('signupMatches.title'));
  const suggestions = useMatchFinder(FROM_THE_PROFILE);
  const next = useNextPath();
  const profiles = suggestions.data?.profiles.slice(0, SHOWN) ?? [];

  return (
    <Container className="page signup-matches">
      <PageTitle title={t('signupMatches.title')} lead={t('signupMatches.intro')} />
      {suggestions.isPending && <Loading />}
      {suggestions.isError && <Alert variant="danger">{suggestions.error.message}</Alert>}
      {suggestions.data && profiles.length === 0 && <p className="text-body-secondary">{t('signupMatches.none')}</p>}
      {profiles.length > 0 && (
        <ProfileGrid
          profiles={profiles}
          label={t('signupMatches.results')}
          card={(profile) => <ProfileCard profile={profile} action={<CardLikeButton profile={profile} />} />}
        />
      )}
      <div className="d-grid d-sm-flex justify-content-sm-center mt-4">
        <Link to={withNext('/complete-signup', next)} className="btn btn-primary btn-lg">
          {t('signupMatches.continue')}
          <Icon svg={icons.next} className="ms-2" />
        </Link>
      </div>
    </Container>
  );
}
