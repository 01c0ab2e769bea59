import type { LikeState } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { likeKeys, useLike, useLikes } from './api';
import { type MatchProfile, useShowMatch } from './match-popup-context';

/**
 * Whether the member likes a profile: as `known` says (the profile page's like state, a likes list's
 * card), else as the first page of their likes shows, and as the member last toggled it here.
 * Toggling a like back makes a match and shows the popup.
 */
function useLikeToggle(profile: MatchProfile, known?: boolean) {
  const { data: likes } = useLikes();
  const like = useLike(profile.id);
  const showMatch = useShowMatch();
  const [toggled, setToggled] = useState<boolean | null>(null);
  const liked = toggled ?? known ?? likes?.profiles.some((entry) => entry.id === profile.id) ?? false;
  const toggle = () =>
    like.mutate(!liked, {
      onSuccess: (result) => {
        setToggled(!liked);
        if (result?.match) showMatch(profile);
      },
    });
  return { liked, toggle, like, ready: known !== undefined || likes !== undefined };
}

/** What the likes mean between the member and a profile: a match, or a like to answer. */
export function LikeStatus({ profile, state }: { profile: MatchProfile; state: LikeState }) {
  const { t } = useTranslation('likes');
  if (!state.likes_me) return null;
  if (!state.liked) return <p className="like-status">{t('member.likesYou', { name: profile.name })}</p>;
  return (
    <p className="like-status fw-semibold">
      <Icon svg={icons.liked} className="text-love me-1" />
      {t('member.match', { name: profile.name })}
    </p>
  );
}

/** The profile page's like button, in the like's pink; filled once liked. */
export function LikeButton({ profile, state }: { profile: MatchProfile; state: LikeState }) {
  const { t } = useTranslation('likes');
  const { liked, toggle, like, ready } = useLikeToggle(profile, state.liked);
  const queryClient = useQueryClient();

  // Opening the profile made its like seen on the server; the badge follows.
  useEffect(() => {
    if (state.like_new) void queryClient.invalidateQueries({ queryKey: likeKeys.likes });
  }, [state.like_new, queryClient]);

  return (
    <>
      {like.isError && (
        <Alert variant="danger" className="w-100 mb-0">
          {like.error.message}
        </Alert>
      )}
      <button
        type="button"
        onClick={toggle}
        disabled={like.isPending || !ready}
        aria-pressed={liked}
        className={`btn action-button like-button ${liked ? 'like-button-on' : ''}`}
      >
        <Icon svg={liked ? icons.liked : icons.like} />
        {liked ? t('member.liked') : t('member.like')}
      </button>
    </>
  );
}

/** The like on a profile card: a round heart, filled once liked; a failure shows as the button's title. */
export function CardLikeButton({ profile, liked: known }: { profile: MatchProfile; liked?: boolean }) {
  const { t } = useTranslation('likes');
  const { user } = useUser();
  const { liked, toggle, like, ready } = useLikeToggle(profile, known);
  if (user?.profile.id === profile.id) return null;
  return (
    <button
      type="button"
      className={`card-like ${liked ? 'card-like-on' : ''}`}
      onClick={toggle}
      disabled={like.isPending || !ready}
      aria-pressed={liked}
      aria-label={t('card.like', { name: profile.name })}
      title={like.isError ? like.error.message : undefined}
    >
      <Icon svg={liked ? icons.liked : icons.like} />
    </button>
  );
}
