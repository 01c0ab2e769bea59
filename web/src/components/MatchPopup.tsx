import type { Image } from '@amora/common';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../api/hooks';
import { matchesOf, useLikes } from '../api/likes';
import { HostedMark } from './HostedMark';
import { ProfilePhoto } from './ProfilePhoto';

export interface MatchProfile {
  id: number;
  name: string;
  main_image: Image | null;
  hosted?: boolean;
}

/** What the popup reports, for whoever listens on window (analytics, and the chat once it exists). */
export const MATCH_POPUP_EVENT = 'amora:match-popup';
export type MatchPopupEventDetail = { action: 'image-pressed' | 'button-pressed'; profileId: number };

function raise(detail: MatchPopupEventDetail) {
  window.dispatchEvent(new CustomEvent<MatchPopupEventDetail>(MATCH_POPUP_EVENT, { detail }));
}

const ShowMatchContext = createContext<(profile: MatchProfile) => void>(() => undefined);
/** Shows the match popup for a profile (after a like that made a match). */
export const useShowMatch = () => useContext(ShowMatchContext);

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
 * The match popup, for a like that made a match here, or for a match that arrived while the member
 * was away (found by the regular likes fetch: a new like from someone they like).
 */
export function MatchPopupProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const { data: likes } = useLikes();
  const [profile, setProfile] = useState<MatchProfile | null>(null);
  const userId = user?.id;

  const show = useCallback(
    (match: MatchProfile) => {
      if (userId !== undefined) rememberShown(userId, match.id);
      setProfile(match);
    },
    [userId],
  );

  useEffect(() => {
    if (!likes || userId === undefined || profile) return;
    const shown = shownMatches(userId);
    const arrived = matchesOf(likes).find((match) => match.like_new && !shown.has(match.id));
    if (arrived) show(arrived);
  }, [likes, userId, profile, show]);

  return (
    <ShowMatchContext.Provider value={show}>
      {children}
      {profile && <MatchPopup profile={profile} onClose={() => setProfile(null)} />}
    </ShowMatchContext.Provider>
  );
}

/** Clicking anywhere closes it; the photo and the button also say so to listeners. */
function MatchPopup({ profile, onClose }: { profile: MatchProfile; onClose: () => void }) {
  const { t } = useTranslation('likes');
  const navigate = useNavigate();
  const openProfile = () => {
    raise({ action: 'button-pressed', profileId: profile.id });
    navigate(`/members/${profile.id}`);
  };
  return (
    <Modal show onHide={onClose} centered className="match-popup" aria-labelledby="match-popup-title">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the button close it from the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click anywhere closes the popup. */}
      <div className="modal-body text-center p-4" onClick={onClose}>
        <p className="match-popup-hearts" aria-hidden="true">
          ♥
        </p>
        <h2 className="h3" id="match-popup-title">
          {t('match.title')}
        </h2>
        <p>{t('match.text', { name: profile.name })}</p>
        <button
          type="button"
          className="match-popup-photo btn p-0 border-0 mb-3"
          aria-label={profile.name}
          onClick={() => raise({ action: 'image-pressed', profileId: profile.id })}
        >
          <ProfilePhoto image={profile.main_image} name={profile.name} eager />
          {profile.hosted && <HostedMark className="match-popup-hosted" />}
        </button>
        <div>
          <Button size="lg" onClick={openProfile}>
            {t('match.button', { name: profile.name })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
