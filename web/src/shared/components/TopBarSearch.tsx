import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { usePopover } from '../hooks/usePopover';
import { Icon } from './Icon';
import * as icons from './icons';
import { NameSearchBox } from './NameSearchBox';

/**
 * Search by name from any page: an icon in the top bar that opens the box under the bar, so the bar
 * has room for its places at every width; an empty search opens the member search. The member
 * search has its own box, so the top bar leaves this one out there.
 */
export function TopBarSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open, setOpen, root, button } = usePopover();

  return (
    <div ref={root} className="top-search">
      <button
        ref={button}
        type="button"
        className="btn btn-link bar-button"
        aria-label={t('nav.searchBox')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon svg={icons.search} />
      </button>
      {open && (
        <div className="top-search-panel">
          <NameSearchBox
            label={t('nav.searchBox')}
            placeholder={t('nav.searchBox')}
            autoFocus
            onSearch={(q) => {
              setOpen(false);
              navigate(q ? `/members?${new URLSearchParams({ q })}` : '/members');
            }}
          />
        </div>
      )}
    </div>
  );
}
