import { SEARCH_TEXT_MAX_LENGTH } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/**
 * Search by name from any page; an empty search opens the member search. A phone has no
 * room for the box, so there it is a button to the search page, whose form has the same field.
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
    <>
      <Form role="search" onSubmit={submit} className="top-search-box d-none d-md-block">
        <InputGroup size="sm">
          <Form.Control
            type="search"
            value={text}
            maxLength={SEARCH_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('nav.searchBox')}
            aria-label={t('nav.searchBox')}
          />
          <Button type="submit" variant="outline-light">
            {t('nav.search')}
          </Button>
        </InputGroup>
      </Form>
      <Link to="/members" className="btn btn-outline-light btn-sm top-search d-md-none">
        <span aria-hidden="true">⌕</span>
        <span className="d-none d-sm-inline"> {t('nav.search')}</span>
        <span className="visually-hidden d-sm-none">{t('nav.search')}</span>
      </Link>
    </>
  );
}
