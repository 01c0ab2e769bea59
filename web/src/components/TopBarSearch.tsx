import { SEARCH_TEXT_MAX_LENGTH } from '@amora/common';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from './Icon';
import * as icons from './icons';

/**
 * Search by name from any page on a desktop; an empty search opens the member search. The member
 * search has the same box, so the top bar leaves it out there; on a phone the members tab leads to it.
 */
export function TopBarSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(q ? `/members?${new URLSearchParams({ q })}` : '/members');
    setText('');
  };

  return (
    <search className="top-search">
      <form onSubmit={submit}>
        <input
          type="search"
          className="form-control"
          value={text}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('nav.searchBox')}
          aria-label={t('nav.searchBox')}
        />
        <button type="submit" className="top-search-submit">
          <Icon svg={icons.search} label={t('nav.search')} />
        </button>
      </form>
    </search>
  );
}
