import { NavLink } from 'react-router';
import { Icon } from '../../components/Icon';
import { badgeText } from '../document-title';

/**
 * One place in the member navigation: icon over label on a phone, side by side on a desktop. A
 * count above zero shows as a pink badge (99+ above 99); `countLabel` says what it counts.
 */
export function Tab({
  to,
  icon,
  label,
  count = 0,
  countLabel,
}: {
  to: string;
  icon: string;
  label: string;
  count?: number;
  countLabel?: string;
}) {
  return (
    <NavLink to={to} className="tab">
      <span className="tab-icon">
        <Icon svg={icon} />
        {count > 0 && (
          <span className="tab-badge">
            <span aria-hidden="true">{badgeText(count)}</span>
            <span className="visually-hidden">{countLabel}</span>
          </span>
        )}
      </span>
      <span className="tab-label">{label}</span>
    </NavLink>
  );
}
