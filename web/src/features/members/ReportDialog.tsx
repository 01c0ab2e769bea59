import { REPORT_REASONS, type ReportReason } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useReport } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Modal } from '../../shared/components/dialogs';

/** The report form, opened from the profile's "…" menu. */
export function ReportDialog({
  profileId,
  name,
  show,
  onHide,
}: {
  profileId: number;
  name: string;
  show: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation('members');
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const report = useReport();
  const close = () => {
    onHide();
    report.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) report.mutate({ profile_id: profileId, reason, comment: comment || undefined });
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="report-title">
      <Form onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('gallery.close')}>
          <Modal.Title id="report-title" className="h5">
            {t('report.title', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {report.isSuccess ? (
            <Alert variant="success" className="mb-0">
              {t('report.done')}
            </Alert>
          ) : (
            <>
              {report.isError && <Alert variant="danger">{report.error.message}</Alert>}
              <fieldset>
                <legend className="fs-6">{t('report.reason')}</legend>
                {REPORT_REASONS.map((value) => (
                  <Form.Check
                    key={value}
                    type="radio"
                    id={`report-${value}`}
                    name="reason"
                    label={t(`report.reasons.${value}`)}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                ))}
              </fieldset>
              <Form.Group className="mt-3" controlId="report-comment">
                <Form.Label>{t('report.comment')}</Form.Label>
                <Form.Control as="textarea" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
              </Form.Group>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            {t('gallery.close')}
          </Button>
          {!report.isSuccess && (
            <Button type="submit" variant="danger" disabled={!reason || report.isPending}>
              {t('report.submit')}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
