import '../settings/settings.scss';
import { COMPLAINT_CATEGORIES, type ComplaintRequest } from '@amora/common';
import { complaintRoutes } from '@amora/common/routes/complaints';
import { complaintRequest } from '@amora/common/schemas';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { api } from '../../api/client';
import { useSettings, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { PageTitle } from '../../shared/components/PageTitle';
import {
  EmailField,
  FormAlert,
  SubmitButton,
  TextField,
  useFieldMessage,
  useSchemaForm,
} from '../../shared/forms/form';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

interface Filed {
  number: number;
  email: string;
}

/** /complaints: anyone may complain; the complaint is filed once and confirmed by mail with its number. */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('complaints.title'));
  const { data: settings } = useSettings();
  const [filed, setFiled] = useState<Filed | null>(null);
  // A new form after a complaint is filed: a new client_id, so it is a new complaint.
  const [formKey, setFormKey] = useState(0);

  return (
    <Container className="page page-reading">
      <PageTitle title={t('complaints.title')} />
      {filed ? (
        <Alert variant="success" className="mb-0">
          <h2 className="h5">{t('complaints.doneTitle')}</h2>
          <p>{t('complaints.done', { number: filed.number, email: filed.email })}</p>
          <Button
            variant="outline-primary"
            onClick={() => {
              setFiled(null);
              setFormKey((key) => key + 1);
            }}
          >
            {t('complaints.another')}
          </Button>
        </Alert>
      ) : (
        <>
          <p>{t('complaints.intro')}</p>
          {settings && (
            <p className="text-body-secondary">{t('complaints.contact', { email: settings.support_email })}</p>
          )}
          <div className="settings-card">
            <ComplaintForm key={formKey} onFiled={setFiled} />
          </div>
        </>
      )}
    </Container>
  );
}

function ComplaintForm({ onFiled }: { onFiled: (filed: Filed) => void }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const fieldMessage = useFieldMessage();
  const [clientId] = useState(() => crypto.randomUUID());
  const defaults: ComplaintRequest = {
    name: user?.profile.name ?? '',
    email: user?.email ?? '',
    category: 'payment',
    reference: '',
    message: '',
    client_id: clientId,
  };
  const { form, onSubmit, alert } = useSchemaForm(complaintRequest, defaults, async (input) => {
    const { number } = await api(complaintRoutes.fileComplaint, input);
    onFiled({ number, email: input.email });
  });
  const categoryError = form.formState.errors.category?.message;

  return (
    <Form noValidate onSubmit={onSubmit}>
      <FormAlert alert={alert} />
      <TextField form={form} name="name" label={t('complaints.name')} autoComplete="name" />
      <EmailField form={form} name="email" label={t('complaints.email')} />
      <Form.Group className="mb-3" controlId="complaint-category">
        <Form.Label>{t('complaints.category')}</Form.Label>
        <Form.Select {...form.register('category')} isInvalid={Boolean(categoryError)}>
          {COMPLAINT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`complaints.categories.${category}`)}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{fieldMessage(categoryError)}</Form.Control.Feedback>
      </Form.Group>
      <TextField form={form} name="reference" label={t('complaints.reference')} help={t('complaints.referenceHelp')} />
      <TextField
        form={form}
        name="message"
        label={t('complaints.message')}
        help={t('complaints.messageHelp')}
        as="textarea"
        rows={6}
      />
      <SubmitButton busy={form.formState.isSubmitting}>{t('complaints.submit')}</SubmitButton>
    </Form>
  );
}
