import './credits.scss';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import type { Offer } from './api';

/** What a free member gets without credits: the site's free messages and the conversations to start. */
export function FreeAllowance({ offer }: { offer: Pick<Offer, 'free_messages' | 'free_conversations'> }) {
  const { t } = useTranslation('credits');
  return (
    <section className="credits-uses mt-4">
      <h2 className="h5">{t('free.title')}</h2>
      <ul className="list-unstyled mb-0">
        {offer.free_messages > 0 && (
          <li>
            <Icon svg={icons.chat} /> {t('free.messages', { count: offer.free_messages })}
          </li>
        )}
        <li>
          <Icon svg={icons.check} /> {t('free.conversations', { count: offer.free_conversations })}
        </li>
      </ul>
    </section>
  );
}
