import './credits.scss';
import { TIME_BONUS_MODAL_DELAY_MS } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, matchPath, useLocation } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatTime } from '../../i18n/format';
import { Modal } from '../../shared/components/dialogs';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { useDismissal } from '../../shared/hooks/useDismissal';
import { creditsKeys, useWelcomeDiscount } from './api';

const DISMISSED_KEY = 'amora.time-bonus-dismissed';
/** SPEC §2: the members area, where the time bonus is shown. */
const MEMBERS_AREA = ['/members', '/members/:id', '/chats', '/likes', '/likes/:type', '/likes/m/:id', '/premium'];

const inMembersArea = (pathname: string) => MEMBERS_AREA.some((pattern) => matchPath(pattern, pathname));

/** A running time bonus: its discount code and percentage, and when it ends. */
type TimeBonusOffer = { code: string; percentage: number; endsAt: Date };

/**
 * The time bonus (SPEC §4): a new, unpaid member's discount while it runs. It ends at its end time,
 * on paying or logging out; then the welcome discount applies. No clock ticks: the banner says when
 * it ends (issue 51), a countdown rushes and takes a phone's first screen.
 * Undefined while the offer is still being asked for.
 */
function useTimeBonus(): TimeBonusOffer | null | undefined {
  const welcome = useWelcomeDiscount();
  const queryClient = useQueryClient();
  const { user } = useUser();
  const bonus = welcome.data?.kind === 'time_bonus' ? welcome.data : null;
  const endsAt = bonus?.expires ? new Date(bonus.expires).getTime() : null;
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    setEnded(endsAt !== null && endsAt <= Date.now());
    if (endsAt === null) return;
    const end = setTimeout(() => setEnded(true), Math.max(0, endsAt - Date.now()));
    return () => clearTimeout(end);
  }, [endsAt]);

  useEffect(() => {
    // At the end the welcome discount takes over: ask again which offer applies now.
    if (ended) void queryClient.invalidateQueries({ queryKey: creditsKeys.welcome(user?.id) });
  }, [ended, queryClient, user?.id]);

  if (welcome.isLoading) return undefined;
  if (!bonus || endsAt === null || !user || user.paid_user || ended || endsAt <= Date.now()) return null;
  return { code: bonus.code, percentage: bonus.value_percentage, endsAt: new Date(endsAt) };
}

/**
 * Whether to show the time bonus: in the members area until closed; after 40 s there with its turn
 * in the banner slot, once as a modal to a member without credits. Null when not; undefined while the offer is still being asked for.
 */
export function useTimeBonusBanner(itsTurn: boolean) {
  const { pathname } = useLocation();
  const { user } = useUser();
  const bonus = useTimeBonus();
  const { dismissed, dismiss } = useDismissal(user && `${DISMISSED_KEY}.${user.id}`, 'good');
  const here = inMembersArea(pathname);
  const modalDue = useModalDelay(itsTurn && here && Boolean(bonus) && !dismissed);
  if (dismissed || !here || bonus === null) return null;
  if (bonus === undefined) return undefined;
  return { bonus, asModal: modalDue && user?.credits === 0, dismiss };
}

/** The time bonus and when it ends: a dismissible banner, or the modal. */
export function TimeBonus({
  bonus,
  asModal,
  dismiss,
}: {
  bonus: TimeBonusOffer;
  asModal: boolean;
  dismiss: () => void;
}) {
  const { t } = useTranslation('credits');
  const dateLocale = useDateLocale();
  const offer = t('timeBonus.offer', { percentage: bonus.percentage });
  const until = (
    <span className="time-bonus-until">{t('timeBonus.until', { time: formatTime(bonus.endsAt, dateLocale) })}</span>
  );
  if (asModal) {
    return (
      <Modal show onHide={dismiss} centered aria-labelledby="time-bonus-title" className="time-bonus-modal">
        <Modal.Header closeButton closeLabel={t('app:common.close')}>
          <Modal.Title id="time-bonus-title">{offer}</Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">
          <Icon svg={icons.gift} className="time-bonus-modal-icon" />
          <p>{t('timeBonus.modalBody', { percentage: bonus.percentage })}</p>
          <p className="mb-3">
            {offer} {until}
          </p>
          <Link to="/credits" className="btn btn-primary btn-lg w-100" onClick={dismiss}>
            {t('timeBonus.action')}
          </Link>
        </Modal.Body>
      </Modal>
    );
  }
  return (
    <Container className="pt-3">
      <Alert
        variant="light"
        dismissible
        onClose={dismiss}
        closeLabel={t('app:common.close')}
        className="time-bonus mb-0"
      >
        <Icon svg={icons.gift} className="time-bonus-icon" />
        <span className="time-bonus-text">
          <strong>{offer}</strong> {until}
        </span>
        <Link to="/credits" className="btn btn-sm btn-primary">
          {t('timeBonus.action')}
        </Link>
      </Alert>
    </Container>
  );
}

/** True once the members area has been open for 40 s (SPEC §9), counted from entering it. */
function useModalDelay(counting: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!counting || due) return;
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [counting, due]);
  return due;
}
