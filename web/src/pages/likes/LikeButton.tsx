import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { likeKeys, useLike, useLikes } from './api';
import { type MatchProfile, useShowMatch } from './MatchPopup';

/** Like or unlike a member; a like back makes a match and shows the match popup. */
export function LikeButton({ profile }: { profile: MatchProfile }) {
  const { t } = useTranslation('likes');
  const { data: likes } = useLikes();
  const like = useLike(profile.id);
  const showMatch = useShowMatch();
  const liked = likes?.profiles.some((entry) => entry.id === profile.id) ?? false;
  const likesMe = likes?.liked_by.some((entry) => entry.id === profile.id) ?? false;
  const queryClient = useQueryClient();
  const newLike = likes?.liked_by.some((entry) => entry.id === profile.id && entry.like_new) ?? false;

  // Opening the profile made its like seen on the server; the badge follows.
  useEffect(() => {
    if (newLike) void queryClient.invalidateQueries({ queryKey: likeKeys.likes });
  }, [newLike, queryClient]);

  const toggle = () =>
    like.mutate(!liked, {
      onSuccess: (result) => {
        if (result?.match) showMatch(profile);
      },
    });

  return (
    <>
      {liked && likesMe && (
        <p className="fw-semibold mb-0 w-100">
          <span className="text-primary" aria-hidden="true">
            ♥{' '}
          </span>
          {t('member.match', { name: profile.name })}
        </p>
      )}
      {!liked && likesMe && <p className="mb-0 w-100">{t('member.likesYou', { name: profile.name })}</p>}
      <Button
        variant={liked ? 'outline-primary' : 'primary'}
        onClick={toggle}
        disabled={like.isPending || !likes}
        aria-pressed={liked}
      >
        <span aria-hidden="true">{liked ? '♥ ' : '♡ '}</span>
        {liked ? t('member.liked') : t('member.like')}
      </Button>
      {like.isError && (
        <Alert variant="danger" className="w-100 mb-0">
          {like.error.message}
        </Alert>
      )}
    </>
  );
}
