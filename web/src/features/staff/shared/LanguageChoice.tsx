import { LOCALES, type Locale } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { StaffField } from './StaffField';
import { ownLanguageName, useSetLanguage, useStaffWords } from './words';

/** The staff member's own language, each by its own name; a refusal shows above it. */
export function LanguageChoice({ id, help, className }: { id: string; help?: string; className?: string }) {
  const { t, language } = useStaffWords();
  const setLanguage = useSetLanguage();
  return (
    <>
      {setLanguage.isError && <Alert variant="danger">{setLanguage.error.message}</Alert>}
      <StaffField id={id} label={t('language.label')} help={help} className={className}>
        {(control) => (
          <Form.Select
            {...control}
            value={language}
            disabled={setLanguage.isPending}
            onChange={(event) => setLanguage.mutate(event.target.value as Locale)}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {ownLanguageName(locale)}
              </option>
            ))}
          </Form.Select>
        )}
      </StaffField>
    </>
  );
}
