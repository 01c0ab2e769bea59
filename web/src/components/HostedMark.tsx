import { useSettings } from '../api/hooks';

/** The site's fictional icon, shown wherever a hosted profile appears, with its name for screen readers. */
export function HostedMark({ className = '' }: { className?: string }) {
  const { data: settings } = useSettings();
  if (!settings) return null;
  return (
    <span className={`hosted-mark ${className}`} title={settings.fictional_singular}>
      <span aria-hidden="true">{settings.fictional_icon}</span>
      <span className="visually-hidden">{settings.fictional_singular}</span>
    </span>
  );
}
