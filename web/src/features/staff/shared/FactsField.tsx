import Form from 'react-bootstrap/Form';
import { StaffField } from './StaffField';
import { useStaffWords } from './words';

interface FactsFieldProps {
  id: string;
  value: string;
  onChange: (facts: string) => void;
  /** Where the facts go: whom they are mailed to, and with what. */
  help: string;
  error?: string;
}

/** The facts and reasons staff give for a measure or a decision, mailed as they write them. */
export function FactsField({ id, value, onChange, help, error }: FactsFieldProps) {
  const { t } = useStaffWords();
  return (
    <StaffField id={id} label={t('facts')} help={help} error={error} className="mb-2">
      {(control) => (
        <Form.Control
          {...control}
          as="textarea"
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </StaffField>
  );
}
