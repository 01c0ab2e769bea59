import { Link, matchPath, useLocation } from 'react-router';
import { badgeText } from '../document-title';
import { Icon } from './Icon';

/**
 * One place in the member navigation: icon over label on a phone, side by side on a desktop. A
 * count above zero shows as a badge (99+ above 99), in the action colour or, counting likes
 * (`love`), in the like's pink; `countLabel` says what it counts. It is
 * the current place at the addresses of `current`: by default `to` and every address under it.
 */
export function Tab({
  to,
  icon,
  label,
  count = 0,
  countLabel,
  love = false,
  current = [`${to}/*`],
}: {
  to: string;
  icon: string;
  label: string;
  count?: number;
  countLabel?: string;
  love?: boolean;
  current?: string[];
}) {
  const { pathname } = useLocation();
  const active = current.some((pattern) => matchPath(pattern, pathname));
  return (
    <Link to={to} className={active ? 'tab active' : 'tab'} aria-current={active ? 'page' : undefined}>
      <span className="tab-icon">
        <Icon svg={icon} />
        {count > 0 && (
          <span className={love ? 'tab-badge tab-badge-love' : 'tab-badge'}>
            <span aria-hidden="true">{badgeText(count)}</span>
            <span className="visually-hidden">{countLabel}</span>
          </span>
        )}
      </span>
      <span className="tab-label">{label}</span>
    </Link>
  );
}
