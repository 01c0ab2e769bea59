import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { useStaffWords } from './words';

/** The step before an action that cannot simply be undone: the question, focused so it is read out, and the two answers. */
export function Confirm({
  question,
  yes,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  yes: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useStaffWords();
  const asked = useRef<HTMLSpanElement>(null);
  useEffect(() => asked.current?.focus(), []);
  return (
    <span className="staff-confirm">
      <span ref={asked} tabIndex={-1} className="staff-confirm-question">
        {question}
      </span>
      <Button variant="danger" disabled={busy} onClick={onConfirm}>
        {yes}
      </Button>
      <Button variant="link" onClick={onCancel}>
        {t('team.cancel')}
      </Button>
    </span>
  );
}
