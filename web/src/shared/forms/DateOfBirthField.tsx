import { MAX_AGE } from '@amora/common';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { useFieldMessage } from './form';

type Part = 'day' | 'month' | 'year';

/** The order in which the locale writes a date: day-month-year in most of Europe (en-GB too), month first in the US. */
export function datePartOrder(locale: string): Part[] {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(new Date(Date.UTC(2000, 0, 2)))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
}

/** The months by name, as the locale says them on their own ("styczeń", not "stycznia"). */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 1))));
}

const pad = (value: number) => String(value).padStart(2, '0');

function splitDate(value: string): Record<Part, string> {
  const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-') : [];
  return { year, month: month && String(Number(month)), day: day && String(Number(day)) };
}

/**
 * A date of birth as three selects in the locale's order, with its month names: a browser's own date
 * input follows the device's language, not the site's. It gives the form YYYY-MM-DD once all three are
 * chosen; an impossible day (31 February) is left for the schema to name.
 */
export function DateOfBirthField<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const dateLocale = useDateLocale();
  const { field } = useController({ control: form.control, name });
  const [parts, setParts] = useState(() => splitDate(String(field.value ?? '')));
  const message = useFieldMessage()(form.getFieldState(name, form.formState).error?.message);
  const id = `${useId()}-${name}`;
  const newestYear = new Date().getFullYear() - 18;
  const options: Record<Part, [string, string][]> = {
    day: Array.from({ length: 31 }, (_, index) => [String(index + 1), String(index + 1)]),
    month: monthNames(i18n.language).map((month, index) => [String(index + 1), month]),
    year: Array.from({ length: MAX_AGE - 17 }, (_, index) => String(newestYear - index)).map((year) => [year, year]),
  };

  const choose = (part: Part, value: string) => {
    const next = { ...parts, [part]: value };
    setParts(next);
    const complete = next.year && next.month && next.day;
    field.onChange(complete ? `${next.year}-${pad(Number(next.month))}-${pad(Number(next.day))}` : '');
  };

  return (
    <fieldset className="mb-3 date-of-birth" aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="form-label">{label}</legend>
      <div className="date-of-birth-parts">
        {datePartOrder(dateLocale).map((part) => (
          <Form.Select
            key={part}
            aria-label={t(`fields.${part}`)}
            value={parts[part]}
            isInvalid={Boolean(message)}
            onChange={(event) => choose(part, event.target.value)}
            onBlur={field.onBlur}
            autoComplete={`bday-${part}`}
            className={`date-of-birth-${part}`}
          >
            <option value="">{t(`fields.${part}`)}</option>
            {options[part].map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Form.Select>
        ))}
      </div>
      {message && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {message}
        </div>
      )}
    </fieldset>
  );
}
