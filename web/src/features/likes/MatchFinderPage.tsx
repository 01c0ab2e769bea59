import type { MatchFinderQuery } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { ProfileCard, ProfileGrid } from '../../shared/components/ProfileCard';
import { RegionSelect } from '../../shared/forms/PlaceSelects';
import { AgeSelect, GenderSelect } from '../../shared/forms/SearchSelects';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMatchFinder } from './api';
import { CardLikeButton } from './LikeButton';

/**
 * /match-finder: suggestions from what the member looks for. The questions start from their profile
 * (whom they look for, near their age, in their country) and each answer refines the suggestions.
 */
export default function MatchFinderPage() {
  const { t } = useTranslation(['likes', 'members']);
  useDocumentTitle(t('likes:finder.title'));
  const [query, setQuery] = useState<MatchFinderQuery>({});
  const [draft, setDraft] = useState<MatchFinderQuery | null>(null);
  const finder = useMatchFinder(query);

  const criteria = finder.data?.criteria;
  const answers: MatchFinderQuery = draft ?? {
    gender: criteria?.gender ?? undefined,
    min_age: criteria?.min_age,
    max_age: criteria?.max_age,
    countryregion: criteria?.countryregion ?? undefined,
  };
  const set = (change: Partial<MatchFinderQuery>) => setDraft({ ...answers, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(answers);
  };

  return (
    <Container className="page">
      <PageTitle title={t('likes:finder.title')} lead={t('likes:finder.intro')} />
      <Form
        onSubmit={submit}
        className="filter-form card border-0 shadow-sm p-3 mb-4"
        aria-label={t('likes:finder.questions')}
      >
        <Row className="g-2 align-items-end">
          <Col xs={12} md={4}>
            <GenderSelect
              id="finder-gender"
              label={t('likes:finder.lookingFor')}
              value={answers.gender}
              onChange={(gender) => set({ gender })}
            />
          </Col>
          <Col xs={6} md={2}>
            <AgeSelect
              id="finder-min-age"
              label={t('members:search.minAge')}
              value={answers.min_age}
              onChange={(min_age) => set({ min_age })}
            />
          </Col>
          <Col xs={6} md={2}>
            <AgeSelect
              id="finder-max-age"
              label={t('members:search.maxAge')}
              value={answers.max_age}
              onChange={(max_age) => set({ max_age })}
            />
          </Col>
          <Col xs={12} md={2}>
            <RegionSelect
              id="finder-region"
              label={t('members:search.region')}
              emptyLabel={t('members:search.anyRegion')}
              country={criteria?.country}
              withoutCountry={t('likes:finder.countryInProfile')}
              value={answers.countryregion ?? ''}
              onChange={(region) => set({ countryregion: region || undefined })}
            />
          </Col>
          <Col xs={12} md={2}>
            <Button type="submit" className="w-100">
              {t('likes:finder.submit')}
            </Button>
          </Col>
        </Row>
      </Form>
      {finder.isPending && <Loading />}
      {finder.isError && <Alert variant="danger">{finder.error.message}</Alert>}
      {finder.data && finder.data.profiles.length === 0 && (
        <p className="text-body-secondary">{t('likes:finder.none')}</p>
      )}
      {finder.data && finder.data.profiles.length > 0 && (
        <ProfileGrid
          profiles={finder.data.profiles}
          label={t('likes:finder.results')}
          card={(profile) => <ProfileCard profile={profile} action={<CardLikeButton profile={profile} />} />}
        />
      )}
    </Container>
  );
}
