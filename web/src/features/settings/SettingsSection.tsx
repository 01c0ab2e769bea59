import './settings.scss';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/**
 * One row of the settings list: icon, title and current value; it opens in place to its form.
 * A link to /notifications#{id} arrives with it open.
 */
export function SettingsSection({
  id,
  icon,
  title,
  value,
  children,
}: {
  id: string;
  icon: string;
  title: string;
  value?: string;
  children: ReactNode;
}) {
  const { hash } = useLocation();
  return (
    <details className="settings-row" id={id} open={hash === `#${id}` || undefined}>
      <summary>
        <span className="settings-row-icon">
          <Icon svg={icon} />
        </span>
        <span className="settings-row-text">
          <span className="settings-row-title">{title}</span>
          {value && <span className="settings-row-value">{value}</span>}
        </span>
        <Icon svg={icons.next} className="settings-row-chevron" />
      </summary>
      <div className="settings-row-body">{children}</div>
    </details>
  );
}
