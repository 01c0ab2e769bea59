import { SEARCH_TEXT_MAX_LENGTH } from '@amora/common';
import { type FormEvent, useState } from 'react';
import { Icon } from './Icon';
import * as icons from './icons';

/** A search by the start of a name: the top bar's and the member search's; Enter searches. */
export function NameSearchBox({
  label,
  placeholder,
  initial = '',
  clearAfter = false,
  onSearch,
  className = '',
}: {
  label: string;
  placeholder: string;
  initial?: string;
  /** Empties the box once searched (the top bar, which leaves for the results). */
  clearAfter?: boolean;
  onSearch: (q: string | undefined) => void;
  className?: string;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
    if (clearAfter) setText('');
  };
  return (
    <search className={`name-search ${className}`}>
      <form onSubmit={submit}>
        <Icon svg={icons.search} className="name-search-icon" />
        <input
          type="search"
          className="form-control"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          aria-label={label}
        />
      </form>
    </search>
  );
}
