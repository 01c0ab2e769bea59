import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/** The codes as a file to keep: one a line, with what they are for. */
function codesFile(codes: string[], email: string) {
  const text = [`Recovery codes for ${email}`, 'Each signs in once in place of the app’s code.', '', ...codes, ''];
  return URL.createObjectURL(new Blob([text.join('\n')], { type: 'text/plain' }));
}

/**
 * The ten recovery codes, shown this once: copied or saved as a file, and only then on to the back
 * office, so nobody leaves without them by mistake.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const box = useRef<HTMLElement>(null);
  const titleId = useId();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [file, setFile] = useState<string | null>(null);
  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    const url = codesFile(codes, email);
    setFile(url);
    return () => URL.revokeObjectURL(url);
  }, [codes, email]);
  // No clipboard outside a secure context: then the hint says to copy by hand.
  const copy = () =>
    (navigator.clipboard?.writeText(codes.join('\n')) ?? Promise.reject()).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <section ref={box} className="staff-recovery" aria-labelledby={titleId} tabIndex={-1}>
      <h2 className="h5" id={titleId}>
        Your recovery codes, shown only this once
      </h2>
      <p>
        Lost your phone? Each code signs you in once in place of the app’s code. Keep them somewhere safe, apart from
        your phone: a password manager, or on paper.
      </p>
      <ol className="staff-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="staff-recovery-actions">
        <Button variant="outline-primary" size="sm" onClick={copy}>
          Copy all
        </Button>
        {file && (
          <a className="btn btn-outline-primary btn-sm" href={file} download="amora-recovery-codes.txt">
            Download as a file
          </a>
        )}
        <span role="status" className="small">
          {copied === true ? 'Copied.' : copied === false ? 'Select them and copy them by hand.' : ''}
        </span>
      </div>
      <Form.Check
        id={`${titleId}-saved`}
        className="mb-3"
        label="I have kept these codes somewhere safe"
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <Button variant="primary" disabled={!saved} onClick={onDone}>
        Continue to the back office
      </Button>
    </section>
  );
}
