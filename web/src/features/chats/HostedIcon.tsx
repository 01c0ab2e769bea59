import { useSettings, useUser } from '../../api/hooks';

/** The site's mark for a hosted profile (user.php's fictional_icon), where there is no room for the whole label. */
export function HostedIcon() {
  const { user } = useUser();
  const { data: settings } = useSettings();
  if (!user || !settings) return null;
  return (
    <span className="hosted-icon" title={settings.fictional_singular}>
      <span aria-hidden="true">{user.fictional_icon}</span>
      <span className="visually-hidden">{settings.fictional_singular}</span>
    </span>
  );
}
