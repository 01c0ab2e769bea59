/**
 * The chat as operators use it: the hosted profiles' conversations, and the one way an operator's
 * answer becomes a message (`sendAs`), stored and delivered like a member's, free of credits and
 * marked with the operator's id.
 */
import type { Gift, PrivatePhotoAction } from '@amora/common';
import type { VisibilityPolicy } from '../members/safety/visibility.js';
import type { Db, InTransaction } from '../platform/db/index.js';
import type { MessageRow } from '../platform/db/schema.js';
import { notFound } from '../platform/errors.js';
import type { Site } from '../platform/site.js';
import type { Content, Sender, StoredPhoto } from './message-store.js';
import * as operatorQueries from './operator-queries.js';
import * as queries from './queries.js';
import { type MessageWriter, recipientFrom } from './writer.js';

/** A hosted profile's conversation: its id and its two sides. */
export interface HostedSides {
  conversation: number;
  hostedProfileId: number;
  memberProfileId: number;
  /** The member waits for an answer. */
  awaiting: boolean;
}

export function createOperatorChat(deps: { db: Db; visibility: VisibilityPolicy; writer: MessageWriter }) {
  const { db, visibility, writer } = deps;

  /** A hosted profile's conversation on this site and its two sides; a 404 for any other. */
  async function hostedSides(site: Site, conversationId: number): Promise<HostedSides> {
    const conversation = await queries.findConversation(db, site.id, conversationId);
    const hostedProfileId = conversation?.hosted_profile_id;
    if (!conversation || !hostedProfileId) throw notFound();
    const memberProfileId =
      conversation.profile_low === hostedProfileId ? conversation.profile_high : conversation.profile_low;
    return {
      conversation: conversation.id,
      hostedProfileId,
      memberProfileId,
      awaiting: conversation.awaiting_reply_since !== null,
    };
  }

  return {
    /**
     * An operator grants, declines or revokes the hosted profile's private photos to the member of
     * its conversation; `audit` is written with the line in the chat.
     */
    privatePhotosAs: (
      site: Site,
      sides: HostedSides,
      staffId: number,
      action: Exclude<PrivatePhotoAction, 'ask'>,
      audit?: InTransaction<MessageRow>,
    ) =>
      writer.privatePhotos(site, { profileId: sides.hostedProfileId, staffId }, sides.memberProfileId, action, audit),

    /** Conversations waiting for a hosted profile's answer, longest waiting first (the operators' inbox). */
    async awaitingHostedAnswer(site: Site, limit: number) {
      const rows = await operatorQueries.awaitingOperators(db, site.id, limit);
      return rows.map((row) => ({
        conversation: row.id,
        hostedProfileId: row.hosted_profile_id as number,
        memberProfileId: row.profile_low === row.hosted_profile_id ? row.profile_high : row.profile_low,
        waitingSince: row.awaiting_reply_since as string,
        lastMessage: { kind: row.kind, text: row.body, gift: row.gift as Gift | null },
      }));
    },

    sides: hostedSides,

    /** The newest `limit` messages of a hosted profile's conversation as that profile sees them, oldest first. */
    async history(sides: HostedSides, limit: number, mediaPrefix: string) {
      const rows = await operatorQueries.latestMessages(db, sides.conversation, limit);
      return rows.reverse().map((row) => writer.present(row, sides.hostedProfileId, mediaPrefix));
    },

    /**
     * An operator answers as the hosted profile, with a text or a photo of its gallery: stored and
     * delivered like a member's message, free of credits, marked with the operator's id; `audit`
     * is written with the message (not for a repeat of one stored before).
     */
    async sendAs(
      site: Site,
      sides: HostedSides,
      input: { staffId: number; clientId: string; mediaPrefix: string; text?: string; galleryPhoto?: StoredPhoto },
      audit?: InTransaction<MessageRow>,
    ) {
      const { hostedProfileId, memberProfileId } = sides;
      const recipient = recipientFrom(
        await visibility.contactable(site, { profileId: hostedProfileId, paid: true }, memberProfileId),
      );
      const content: Content = input.galleryPhoto
        ? { kind: 'photo', photo: input.galleryPhoto }
        : await writer.contentOf(site, hostedProfileId, { text: input.text ?? '' });
      const sender: Sender = { profileId: hostedProfileId, userId: null, paid: true, staffId: input.staffId };
      const result = await writer.store(site, sender, recipient, input.clientId, content, 0, { audit });
      return { message: writer.present(result.row, hostedProfileId, input.mediaPrefix), repeated: result.repeated };
    },

    /** Per hosted profile: how many conversations it has, and how many wait for an answer. */
    async conversationCountsOfHosted(
      profileIds: number[],
    ): Promise<Map<number, { conversations: number; waiting: number }>> {
      const rows = await operatorQueries.conversationCountsOfHosted(db, profileIds);
      return new Map(
        rows.map((row) => [
          row.hosted_profile_id as number,
          { conversations: Number(row.conversations), waiting: Number(row.waiting) },
        ]),
      );
    },

    /** The hosted profiles with most conversations waiting, on one site or all. */
    hostedWithMostWaiting: (siteId: number | undefined, limit: number) =>
      operatorQueries.hostedWithMostWaiting(db, siteId, limit),

    /** A retired hosted profile's conversations leave the operators' inbox; returns their ids. */
    stopAwaitingHosted: (hostedProfileId: number) => operatorQueries.stopAwaitingHosted(db, hostedProfileId),

    /** Which of these photo files were sent in a conversation (a hosted profile's gallery photos, say). */
    sentPhotoFiles: (files: string[]) => operatorQueries.sentPhotoFiles(db, files),
  };
}
