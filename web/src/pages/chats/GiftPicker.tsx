import { GIFTS, type Gift } from '@amora/common';
import { useSettings } from '../../api/hooks';
import { Modal } from '../../components/dialogs';
import { useTranslation } from '../../i18n';
import { giftImage } from './MessageBubble';

/** The gift catalogue: one tap sends the gift, at the site's gift_credits. */
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
  const { data: settings } = useSettings();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="gift-picker-title" className="gift-picker">
      <Modal.Header closeButton closeLabel={t('app:common.close')}>
        <Modal.Title as="h2" className="h5" id="gift-picker-title">
          {t('gift.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">{t('gift.price', { count: settings?.gift_credits ?? 0 })}</p>
        <ul className="gift-grid">
          {GIFTS.map((gift) => (
            <li key={gift}>
              <button type="button" className="gift-choice" onClick={() => onPick(gift)}>
                <img src={giftImage(gift)} alt="" width={64} height={64} />
                <span>{t(`gifts.${gift}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
