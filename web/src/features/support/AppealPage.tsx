import '../settings/settings.scss';
import { type AppealResponse, appealRequest } from '@amora/common/schemas';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate } from '../../i18n/format';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { FormAlert, SubmitButton, TextField, useSchemaForm } from '../../shared/forms/form';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAppeal, useFileAppeal } from './api';

type Appeal = AppealResponse['appeal'];

/**
 * /appeal/:token, from a statement of reasons: what was decided, and the form to appeal it once.
 * No login: a suspended member appeals from here too.
 */
export default function AppealPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('appeal.title'));
  const token = useParams().token ?? '';
  const appeal = useAppeal(token);

  return (
    <Container className="page page-reading">
      <PageTitle title={t('appeal.title')} />
      {appeal.isError ? (
        <Alert variant="danger">{t('appeal.invalid')}</Alert>
      ) : appeal.data ? (
        <AppealCard token={token} appeal={appeal.data.appeal} />
      ) : (
        <Loading />
      )}
    </Container>
  );
}

function decisionKey(appeal: Appeal) {
  const side = appeal.kind === 'report' ? appeal.party : appeal.kind;
  return `appeal.decisions.${side}.${appeal.decision}` as const;
}

function AppealCard({ token, appeal }: { token: string; appeal: Appeal }) {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  const date = (iso: string) => formatDate(iso, dateLocale);
  return (
    <div className="settings-card">
      <p className="fw-semibold mb-1">{t('appeal.decided', { date: date(appeal.decided_at) })}</p>
      <p>{t(decisionKey(appeal))}</p>
      {appeal.outcome ? (
        <Alert variant={appeal.outcome === 'reversed' ? 'success' : 'secondary'} className="mb-0">
          <p className="mb-0">{t(`appeal.outcomes.${appeal.outcome}`, { date: date(appeal.reviewed_at ?? '') })}</p>
          {appeal.explanation && <p className="mt-2 mb-0">{t('appeal.note', { explanation: appeal.explanation })}</p>}
        </Alert>
      ) : appeal.appealed_at ? (
        <Alert variant="info" className="mb-0">
          {t('appeal.sent', { date: date(appeal.appealed_at) })}
        </Alert>
      ) : appeal.may_appeal ? (
        <AppealForm token={token} until={date(appeal.open_until)} />
      ) : (
        <Alert variant="secondary" className="mb-0">
          {t('appeal.closed')}
        </Alert>
      )}
    </div>
  );
}

function AppealForm({ token, until }: { token: string; until: string }) {
  const { t } = useTranslation();
  const fileAppeal = useFileAppeal(token);
  const { form, onSubmit, alert } = useSchemaForm(appealRequest, { token, text: '' }, (input) =>
    fileAppeal(input.text),
  );
  return (
    <Form noValidate onSubmit={onSubmit}>
      <p>{t('appeal.intro')}</p>
      <FormAlert alert={alert} />
      <TextField
        form={form}
        name="text"
        label={t('appeal.label')}
        help={t('appeal.until', { date: until })}
        as="textarea"
        rows={6}
      />
      <SubmitButton busy={form.formState.isSubmitting}>{t('appeal.submit')}</SubmitButton>
    </Form>
  );
}
