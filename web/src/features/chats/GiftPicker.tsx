import { GIFTS, type Gift } from '@amora/common';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Modal } from '../../shared/components/dialogs';
import { giftImage } from './MessageBubble';

/** The gift catalogue: one tap sends the gift, at the member's price of a gift, and whether the balance reaches it. */
export function GiftPicker({
  show,
  onClose,
  onPick,
}: {
  show: boolean;
  onClose: () => void;
  onPick: (gift: Gift) => void;
}) {
  const { t } = useTranslation('chat');
  const { user } = useUser();
  const price = user?.message_prices.gift ?? 0;
  const short = user !== null && user.credits < price;
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="gift-picker-title" className="gift-picker">
      <Modal.Header closeButton closeLabel={t('app:common.close')}>
        <Modal.Title as="h2" className="h5" id="gift-picker-title">
          {t('gift.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small mb-1">{t('gift.price', { count: price })}</p>
        {short && (
          <p className="small text-danger" data-testid="gift-short">
            {t('gift.short', { count: user.credits })}
          </p>
        )}
        <ul className="gift-grid">
          {GIFTS.map((gift) => (
            <li key={gift}>
              <button type="button" className="gift-choice" onClick={() => onPick(gift)}>
                <img src={giftImage(gift)} alt="" width={64} height={64} />
                <span>{t(`gifts.${gift}`)}</span>
                <span className={`gift-cost small ${short ? 'text-danger' : 'text-body-secondary'}`}>
                  {t('composer.cost', { count: price })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
