import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { NameSearchBox } from './NameSearchBox';

/**
 * Search by name from any page on a wide screen; an empty search opens the member search. The member
 * search has its own box, so the top bar leaves this one out there; on a phone the members tab leads to it.
 */
export function TopBarSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NameSearchBox
      label={t('nav.searchBox')}
      placeholder={t('nav.searchBox')}
      clearAfter
      className="top-search"
      onSearch={(q) => navigate(q ? `/members?${new URLSearchParams({ q })}` : '/members')}
    />
  );
}
