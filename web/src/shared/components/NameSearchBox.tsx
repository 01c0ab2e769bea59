import { SEARCH_TEXT_MAX_LENGTH } from '@amora/common';
import { type FormEvent, useState } from 'react';
import { Icon } from './Icon';
import * as icons from './icons';

/** A search by the start of a name: the top bar's and the member search's; Enter searches. */
export function NameSearchBox({
  label,
  placeholder,
  initial = '',
  onSearch,
  className = '',
  autoFocus = false,
}: {
  label: string;
  placeholder: string;
  initial?: string;
  onSearch: (q: string | undefined) => void;
  className?: string;
  /** Takes the focus when shown (the top bar's box, opened by its button). */
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
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
          // biome-ignore lint/a11y/noAutofocus: shown by a tap on the search button, to type in at once.
          autoFocus={autoFocus}
        />
      </form>
    </search>
  );
}
