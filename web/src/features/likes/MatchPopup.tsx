import { MATCH_POPUP_LIKES_RELOAD_MS } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useMatch, useNavigate } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Modal } from '../../shared/components/dialogs';
import { HostedMark } from '../../shared/components/HostedMark';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';
import { PushPrompt } from '../notifications/PushPrompt';
import { fetchLikesList, likeKeys, useAutoLike, useLikes } from './api';
import type { MatchProfile, ShowMatch } from './match-popup-context';
import { useLikeModalDelay } from './useLikeModalDelay';

/** What the popup reports, for whoever listens on window (analytics, and the chat once it exists). */
const MATCH_POPUP_EVENT = 'amora:match-popup';
type MatchPopupEventDetail = { action: 'image-pressed' | 'button-pressed'; profileId: number };

function raise(detail: MatchPopupEventDetail) {
  window.dispatchEvent(new CustomEvent<MatchPopupEventDetail>(MATCH_POPUP_EVENT, { detail }));
}

/** A match, or a like the member has not answered yet (auto-like from a profile they did not like). */
type PopupKind = 'match' | 'like';
interface Popup {
  profile: MatchProfile;
  kind: PopupKind;
}

/** Matches already announced to this member on this device, so each pops up once. */
const shownKey = (userId: number) => `amora.matches-shown.${userId}`;
function shownMatches(userId: number): Set<number> {
  try {
    return new Set(JSON.parse(localStorage.getItem(shownKey(userId)) ?? '[]') as number[]);
  } catch {
    return new Set();
  }
}
function rememberShown(userId: number, profileId: number) {
  const shown = shownMatches(userId);
  shown.add(profileId);
  localStorage.setItem(shownKey(userId), JSON.stringify([...shown]));
}

/**
 * The match popup: for a like that made a match here; for a match that arrived while the member was
 * away (found by the regular likes fetch: a new like from someone they like); and, opened without a
 * profile (the like modal's ?t=N), for the profile GET /api/auto-like.php brings, after which the
 * likes are fetched again. It answers the layout's `useShowMatch` (match-popup-context.ts).
 */
export function MatchPopups({ onShow }: { onShow: (show: ShowMatch) => void }) {
  const { user } = useUser();
  const { data: likes } = useLikes();
  const queryClient = useQueryClient();
  const autoLike = useAutoLike();
  const [popup, setPopup] = useState<Popup | null>(null);
  const userId = user?.id;
  // A match that arrives does not cover a conversation being written: it is announced once the member leaves it.
  const conversation = useMatch('/chats/:id');
  const starting = useMatch('/members/:id/chat');
  const inConversation = Boolean(conversation ?? starting);

  const present = useCallback(
    (profile: MatchProfile, kind: PopupKind) => {
      if (kind === 'match' && userId !== undefined) rememberShown(userId, profile.id);
      setPopup({ profile, kind });
    },
    [userId],
  );

  const show = useCallback<ShowMatch>(
    (profile) => {
      if (profile) return present(profile, 'match');
      autoLike.mutate(undefined, {
        onSuccess: (result) => {
          if (result.profile) present(result.profile, result.match ? 'match' : 'like');
          setTimeout(
            () => void queryClient.invalidateQueries({ queryKey: likeKeys.likes }),
            MATCH_POPUP_LIKES_RELOAD_MS,
          );
        },
      });
    },
    [present, autoLike.mutate, queryClient],
  );

  // A match that arrived is new, so it is on the first page of matches (new ones first).
  const announcing = useRef(false);
  useEffect(() => {
    if (!likes || userId === undefined || popup || announcing.current || inConversation) return;
    const shown = shownMatches(userId);
    const arrived = likes.new_matches.find((id) => !shown.has(id));
    if (arrived === undefined) return;
    announcing.current = true;
    fetchLikesList('matches')
      .then(({ profiles }) => {
        const card = profiles.find((profile) => profile.id === arrived);
        if (card) present(card, 'match');
        else rememberShown(userId, arrived);
      })
      .catch(() => undefined)
      .finally(() => {
        announcing.current = false;
      });
  }, [likes, userId, popup, present, inConversation]);

  useLikeModalDelay(show);
  useEffect(() => onShow(show), [onShow, show]);

  return popup && <MatchPopup {...popup} onClose={() => setPopup(null)} />;
}

/** Clicking anywhere closes it; the photo and the button also say so to listeners. */
function MatchPopup({ profile, kind, onClose }: Popup & { onClose: () => void }) {
  const { t } = useTranslation('likes');
  const navigate = useNavigate();
  const texts = kind === 'match' ? 'match' : 'likeModal';
  const openProfile = () => {
    raise({ action: 'button-pressed', profileId: profile.id });
    navigate(`/members/${profile.id}`);
  };
  return (
    <Modal show onHide={onClose} centered className="match-popup" aria-labelledby="match-popup-title">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the button close it from the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click anywhere closes the popup. */}
      <div className="modal-body text-center p-4" onClick={onClose}>
        <p className="match-popup-hearts">
          <Icon svg={icons.liked} />
        </p>
        <h2 className="h3" id="match-popup-title">
          {t(`${texts}.title`, { name: profile.name })}
        </h2>
        <p>{t(`${texts}.text`, { name: profile.name })}</p>
        <button
          type="button"
          className="match-popup-photo btn p-0 border-0 mb-3"
          aria-label={profile.name}
          onClick={() => raise({ action: 'image-pressed', profileId: profile.id })}
        >
          <ProfilePhoto image={profile.main_image} name={profile.name} eager />
        </button>
        {profile.hosted && <HostedMark className="d-block mb-3" />}
        <div>
          <Button size="lg" onClick={openProfile}>
            {t(`${texts}.button`, { name: profile.name })}
          </Button>
        </div>
        {kind === 'match' && (
          // The prompt's own buttons answer it; they do not close the popup.
          // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the popup's click-anywhere.
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops the popup's click-anywhere.
          <div onClick={(event) => event.stopPropagation()}>
            <PushPrompt className="match-popup-push text-start mt-4 mb-0" />
          </div>
        )}
      </div>
    </Modal>
  );
}
