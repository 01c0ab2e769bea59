import { useId, useState } from 'react';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Icon } from './Icon';
import * as icons from './icons';

/**
 * The label of a hosted profile: the site's word for it (fictional_singular) in a pill, with what it
 * means on a tap, a click or hover.
 */
export function HostedMark({ className = '' }: { className?: string }) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const [open, setOpen] = useState(false);
  const noteId = useId();
  if (!settings) return null;
  return (
    <span className={`hosted-mark ${className}`}>
      <button
        type="button"
        className="hosted-pill"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setOpen(true);
        }}
        // A tap, a click or Enter opens the note; leaving the pill (blur, Escape, the mouse moving on) closes it.
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
        onBlur={() => setOpen(false)}
      >
        <HostedBadge />
      </button>
      <span id={noteId} role="note" className="hosted-note" hidden={!open}>
        {t('card.hostedNote', { site: settings.name })}
      </span>
    </span>
  );
}

/** The pill alone, where its meaning is written beside it (a profile's page). */
export function HostedBadge() {
  const { i18n } = useTranslation();
  const { data: settings } = useSettings();
  if (!settings) return null;
  return (
    <span className="hosted-pill-label">
      <Icon svg={icons.info} />
      {capitalised(settings.fictional_singular, i18n.language)}
    </span>
  );
}

/** The site's word starts a label here, so it starts with a capital. */
const capitalised = (word: string, locale: string) => word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
