/** Likes, and the swipe game's likes and skips. */
import type { LikeSource } from '@amora/common';

export interface LikesTable {
  liker_profile_id: number;
  liked_profile_id: number;
  source: LikeSource;
  created_at: string;
  /** When the liked member saw the like; null while it is new to them. */
  seen_at: string | null;
}

/** One row per like given in the swipe game, kept when the like is withdrawn. */
export interface SwipeLikesTable {
  profile_id: number;
  liked_profile_id: number;
  created_at: string;
}

export interface SwipeSkipsTable {
  profile_id: number;
  skipped_profile_id: number;
  created_at: string;
}
