import type { ChatProfile } from '@amora/common';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';

/** The other side's photo, with a green dot while they are online. */
export function ChatAvatar({ profile }: { profile: ChatProfile }) {
  return (
    <span className="chat-avatar">
      <ProfilePhoto image={profile.main_image} name={profile.name} alt="" thumb className="avatar" />
      {profile.presence === 'online' && <span className="presence-dot" />}
    </span>
  );
}
