import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/hooks';
import { Icon } from './Icon';
import * as icons from './icons';

/**
 * The label of a hosted profile: the site's word for it (fictional_singular) in a pill, with what it
 * means on tap, focus or hover.
 */
export function HostedMark({ className = '' }: { className?: string }) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const [open, setOpen] = useState(false);
  const noteId = useId();
  if (!settings) return null;
  return (
    <span className={`hosted-mark ${className}`} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="hosted-pill"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setOpen(!open);
        }}
        onMouseEnter={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        <Icon svg={icons.info} />
        {settings.fictional_singular}
      </button>
      <span id={noteId} role="note" className="hosted-note" hidden={!open}>
        {t('card.hostedNote', { site: settings.name })}
      </span>
    </span>
  );
}
