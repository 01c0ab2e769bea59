import { ICEBREAKERS } from '@amora/common';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/** An empty conversation offers openers; one tap sends it as the first message. */
export function Icebreakers({ name, onPick }: { name: string; onPick: (text: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <section className="icebreakers" aria-labelledby="icebreakers-title">
      <span className="empty-state-icon">
        <Icon svg={icons.chat} />
      </span>
      <h2 className="h5" id="icebreakers-title">
        {t('icebreakers.title', { name })}
      </h2>
      <p className="text-body-secondary small">{t('icebreakers.hint')}</p>
      <ul className="icebreaker-list">
        {ICEBREAKERS.map((id) => (
          <li key={id}>
            <button type="button" className="btn icebreaker" onClick={() => onPick(t(`icebreakers.${id}`))}>
              {t(`icebreakers.${id}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
