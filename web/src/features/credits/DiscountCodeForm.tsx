import type { DiscountCode } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { lookUpDiscount } from './api';

/** "Have a discount code?": the code is checked at once and, when good, applies to the prices shown. */
export function DiscountCodeForm({ onApply }: { onApply: (code: DiscountCode) => void }) {
  const { t } = useTranslation('credits');
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') return;
    setChecking(true);
    setProblem(null);
    try {
      onApply(await lookUpDiscount(code.trim()));
      setOpen(false);
      setCode('');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('errors:server_error'));
    } finally {
      setChecking(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-link p-0" onClick={() => setOpen(true)}>
        {t('discount.have')}
      </button>
    );
  }
  return (
    <Form onSubmit={submit} className="discount-form" noValidate>
      <Form.Label htmlFor="discount-code">{t('discount.label')}</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id="discount-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          isInvalid={problem !== null}
          aria-describedby={problem ? 'discount-problem' : undefined}
        />
        <Button type="submit" variant="outline-primary" disabled={checking}>
          {t('discount.apply')}
        </Button>
      </div>
      {problem && (
        <Alert variant="danger" id="discount-problem" className="mt-2 mb-0 py-2">
          {problem}
        </Alert>
      )}
    </Form>
  );
}
