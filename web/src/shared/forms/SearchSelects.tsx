/** The selects of a search for members: the search filters and the match finder. */
import { GENDERS, type Gender, MAX_AGE, MIN_AGE } from '@amora/common';
import { useTranslation } from '../../i18n';
import { SelectField } from './form';

interface SearchSelectProps<Value> {
  id: string;
  label: string;
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
}

/** Whom the member looks for: anyone, men or women. */
export function GenderSelect({ value, onChange, ...field }: SearchSelectProps<Gender>) {
  const { t } = useTranslation('members');
  return (
    <SelectField {...field} value={value ?? ''} onChange={(chosen) => onChange((chosen || undefined) as Gender)}>
      <option value="">{t('search.anyone')}</option>
      {GENDERS.map((gender) => (
        <option key={gender} value={gender}>
          {t(`search.genders.${gender}`)}
        </option>
      ))}
    </SelectField>
  );
}

const ages = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, index) => MIN_AGE + index);

/** One end of an age range; '–' leaves it open. */
export function AgeSelect({ value, onChange, ...field }: SearchSelectProps<number>) {
  return (
    <SelectField
      {...field}
      value={value === undefined ? '' : String(value)}
      onChange={(chosen) => onChange(chosen === '' ? undefined : Number(chosen))}
    >
      <option value="">–</option>
      {ages.map((age) => (
        <option key={age} value={age}>
          {age}
        </option>
      ))}
    </SelectField>
  );
}
