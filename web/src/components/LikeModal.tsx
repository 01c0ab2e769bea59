import { MATCH_POPUP_LIKES_RELOAD_MS } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useUser } from '../api/hooks';
import { likeKeys, useAutoLike } from '../api/likes';
import { HostedMark } from './HostedMark';
import type { MatchProfile } from './MatchPopup';
import { ProfilePhoto } from './ProfilePhoto';

/**
 * With ?t=N in the address (links in mails and landers), a member gets a like after N seconds:
 * someone suggested for them likes them, shown in this modal. Then t leaves the address.
 */
export function LikeModal() {
  const { t } = useTranslation('likes');
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const autoLike = useAutoLike();
  const [profile, setProfile] = useState<MatchProfile | null>(null);
  const delay = Number(params.get('t'));
  const armed = user !== null && params.has('t') && Number.isFinite(delay) && delay >= 0;

  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('t');
          return next;
        },
        { replace: true },
      );
      autoLike.mutate(undefined, {
        onSuccess: ({ profile: liker }) => {
          if (liker) setProfile(liker);
          setTimeout(
            () => void queryClient.invalidateQueries({ queryKey: likeKeys.likes }),
            MATCH_POPUP_LIKES_RELOAD_MS,
          );
        },
      });
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [armed, delay]);

  if (!profile) return null;
  const close = () => setProfile(null);
  return (
    <Modal show onHide={close} centered aria-labelledby="like-modal-title">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title as="h2" className="h5" id="like-modal-title">
          {t('likeModal.title', { name: profile.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <ProfilePhoto image={profile.main_image} name={profile.name} className="like-modal-photo mb-3" eager />
        {profile.hosted && <HostedMark className="d-block mb-2" />}
        <p>{t('likeModal.text', { name: profile.name })}</p>
        <Button
          size="lg"
          onClick={() => {
            close();
            navigate(`/members/${profile.id}`);
          }}
        >
          {t('likeModal.button', { name: profile.name })}
        </Button>
      </Modal.Body>
    </Modal>
  );
}
