import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../components/Icon';

/** One place in the member navigation: icon over label on a phone, side by side on a desktop. */
export function Tab({ to, icon, label, badge }: { to: string; icon: string; label: string; badge?: ReactNode }) {
  return (
    <NavLink to={to} className="tab">
      <span className="tab-icon">
        <Icon svg={icon} />
        {badge}
      </span>
      <span className="tab-label">{label}</span>
    </NavLink>
  );
}
