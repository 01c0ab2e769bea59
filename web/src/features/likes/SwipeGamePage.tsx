import './swipe.scss';
import type { ProfileCard as Profile, SwipeAllowance } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatTime } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { ProfileCard } from '../../shared/components/ProfileCard';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { likeKeys, useSwipe, useSwipeDeck } from './api';
import { useShowMatch } from './match-popup-context';

type Choice = 'like' | 'skip';
/** How far (px) a card must be dragged sideways to count as a swipe. */
const SWIPE_DISTANCE = 90;

/** The top card: dragged sideways by finger or mouse, it likes (right) or skips (left). */
function SwipeCard({ profile, onChoose }: { profile: Profile; onChoose: (choice: Choice) => void }) {
  const [drag, setDrag] = useState<{ startX: number; dx: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Keeps the drag when the finger leaves the card; not every pointer can be captured.
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {}
    setDrag({ startX: event.clientX, dx: 0 });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, dx: event.clientX - drag.startX });
  };
  const onPointerUp = () => {
    if (drag && Math.abs(drag.dx) >= SWIPE_DISTANCE) onChoose(drag.dx > 0 ? 'like' : 'skip');
    setDrag(null);
  };
  const dx = drag?.dx ?? 0;
  return (
    <div
      className="swipe-card"
      style={{ transform: `translateX(${dx}px) rotate(${dx / 20}deg)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      data-testid="swipe-card"
    >
      <ProfileCard profile={profile} size="deck" eager />
      {dx > SWIPE_DISTANCE / 2 && (
        <span className="swipe-stamp swipe-stamp-like">
          <Icon svg={icons.liked} />
        </span>
      )}
      {dx < -SWIPE_DISTANCE / 2 && (
        <span className="swipe-stamp swipe-stamp-skip">
          <Icon svg={icons.close} />
        </span>
      )}
    </div>
  );
}

function LimitReached({ allowance }: { allowance: SwipeAllowance }) {
  const { t } = useTranslation('likes');
  const dateLocale = useDateLocale();
  const resetsAt = formatTime(allowance.resets_at, dateLocale);
  return (
    <Alert variant="info" className="swipe-limit">
      <Alert.Heading as="h2" className="h5">
        {t('swipe.limitTitle')}
      </Alert.Heading>
      <p className="mb-0">{t('swipe.limitText', { count: allowance.likes_per_day, time: resetsAt })}</p>
    </Alert>
  );
}

/** /swipe-game: suggested members one at a time; like or skip by button, arrow key or swipe. */
export default function SwipeGamePage() {
  const { t } = useTranslation('likes');
  useDocumentTitle(t('swipe.title'));
  const deck = useSwipeDeck();
  const swipe = useSwipe();
  const showMatch = useShowMatch();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState(0);
  const [allowance, setAllowance] = useState<SwipeAllowance | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const busy = useRef(false);

  const current = deck.data?.profiles[position];
  const left = allowance ?? deck.data;

  const choose = useCallback(
    (choice: Choice) => {
      if (!current || busy.current) return;
      if (choice === 'like' && left?.likes_left === 0) {
        setLimitReached(true);
        return;
      }
      busy.current = true;
      swipe.mutate(
        { profile_id: current.id, choice },
        {
          onSuccess: (result) => {
            setAllowance(result);
            setPosition((index) => index + 1);
            if (result.match) showMatch(current);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'swipe_limit') setLimitReached(true);
          },
          onSettled: () => {
            busy.current = false;
          },
        },
      );
    },
    [current, left, swipe, showMatch],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (event.key === 'ArrowRight') choose('like');
      if (event.key === 'ArrowLeft') choose('skip');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [choose]);

  const dealAgain = () => {
    setPosition(0);
    setAllowance(null);
    void queryClient.invalidateQueries({ queryKey: likeKeys.swipe });
  };

  return (
    <Container className="page page-reading swipe-game">
      <PageTitle
        title={t('swipe.title')}
        actions={
          left && (
            <p className="swipe-left" aria-live="polite">
              <Icon svg={icons.liked} className="me-1" />
              {t('swipe.likesLeft', { count: left.likes_left })}
            </p>
          )
        }
      />
      {deck.isPending && <Loading />}
      {deck.isError && <Alert variant="danger">{deck.error.message}</Alert>}
      {swipe.isError && !(swipe.error instanceof ApiError && swipe.error.code === 'swipe_limit') && (
        <Alert variant="danger">{swipe.error.message}</Alert>
      )}
      {left && (limitReached || left.likes_left === 0) && <LimitReached allowance={left} />}
      {deck.data && !current && (
        <div className="text-center py-4">
          <p>{t('swipe.empty')}</p>
          <div className="button-row button-row-center">
            <Button variant="outline-primary" onClick={dealAgain}>
              {t('swipe.again')}
            </Button>
            <Link to="/members" className="btn btn-primary">
              {t('swipe.search')}
            </Link>
          </div>
        </div>
      )}
      {current && (
        <section className="swipe-deck" aria-label={t('swipe.deckLabel')}>
          <SwipeCard key={current.id} profile={current} onChoose={choose} />
          <div className="swipe-actions">
            <button
              type="button"
              className="swipe-button swipe-button-skip"
              onClick={() => choose('skip')}
              disabled={swipe.isPending}
              aria-label={t('swipe.skip')}
            >
              <Icon svg={icons.close} />
            </button>
            <button
              type="button"
              className="swipe-button swipe-button-like"
              onClick={() => choose('like')}
              disabled={swipe.isPending}
              aria-label={t('swipe.like')}
            >
              <Icon svg={icons.liked} />
            </button>
          </div>
        </section>
      )}
      {current && <p className="keyboard-hint">{t('swipe.hint')}</p>}
    </Container>
  );
}
