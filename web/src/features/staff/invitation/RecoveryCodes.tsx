import type { TFunction } from '@amora/common/i18n';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useStaffWords } from '../shared/words';

/** The codes as a file to keep: one a line, with what they are for. */
function codesFile(codes: string[], email: string, t: TFunction) {
  const text = [t('recovery.fileTitle', { email }), t('recovery.fileNote'), '', ...codes, ''];
  return URL.createObjectURL(new Blob([text.join('\n')], { type: 'text/plain' }));
}

/**
 * The ten recovery codes, shown this once: copied or saved as a file, and only then on to the back
 * office, so nobody leaves without them by mistake.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useStaffWords();
  const box = useRef<HTMLElement>(null);
  const titleId = useId();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [file, setFile] = useState<string | null>(null);
  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    const url = codesFile(codes, email, t);
    setFile(url);
    return () => URL.revokeObjectURL(url);
  }, [codes, email, t]);
  // No clipboard outside a secure context: then the hint says to copy by hand.
  const copy = () =>
    (navigator.clipboard?.writeText(codes.join('\n')) ?? Promise.reject()).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <section ref={box} className="staff-recovery" aria-labelledby={titleId} tabIndex={-1}>
      <h2 className="h5" id={titleId}>
        {t('recovery.title')}
      </h2>
      <p>{t('recovery.intro')}</p>
      <ol className="staff-recovery-codes" aria-label={t('recovery.list')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="staff-recovery-actions">
        <Button variant="outline-primary" size="sm" onClick={copy}>
          {t('recovery.copy')}
        </Button>
        {file && (
          <a className="btn btn-outline-primary btn-sm" href={file} download="amora-recovery-codes.txt">
            {t('recovery.download')}
          </a>
        )}
        <span role="status" className="small">
          {copied === true ? t('recovery.copied') : copied === false ? t('recovery.copyByHand') : ''}
        </span>
      </div>
      <Form.Check
        id={`${titleId}-saved`}
        className="mb-3"
        label={t('recovery.kept')}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <Button variant="primary" disabled={!saved} onClick={onDone}>
        {t('recovery.continue')}
      </Button>
    </section>
  );
}
