import { AppError } from '../../errors';
import * as auth from '../auth/service';
import type { AuthContext } from '../auth/service';
import * as chat from '../chat/service';
import * as comments from '../comments/service';
import * as connections from '../connections/service';
import * as groups from '../groups/service';
import * as mail from '../mail/service';
import * as media from '../media/service';
import * as notificationPreferences from '../notification-preferences/service';
import * as posts from '../posts/service';
import * as staff from '../staff/service';
import * as support from '../support/service';
import * as users from '../users/service';

/**
 * A member's own data as a whole (GDPR art. 15, 17 and 20): the export and the deletion gather
 * what every domain holds about them, so this module sits above all of them (docs/ARCHITECTURE.md,
 * layers) and nothing imports it but its routes.
 */

/** Everything we hold about the member, as JSON (GDPR art. 15 and 20). */
export async function exportMemberData(ctx: AuthContext, userId: number) {
  const db = ctx.database.db;
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError('not_found', 404, 'User ID not found');
  const [
    fields,
    preferences,
    sessions,
    connectionList,
    postList,
    saved,
    commentList,
    groupList,
    messageList,
    supportList,
  ] = await Promise.all([
    users.ownFieldValues(db, userId),
    notificationPreferences.getPreferences(db, userId),
    auth.sessionsForExport(ctx, userId),
    connections.connectionsForExport(db, userId),
    posts.postsForExport(db, userId),
    posts.savedPostsForExport(db, userId),
    comments.commentsForExport(db, userId),
    groups.groupsForExport(db, userId),
    chat.messagesForExport(db, userId),
    support.requestsForExport(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      username: user.username,
      nickname: user.nickname,
      firstName: user.firstName,
      lastName: user.lastName,
      description: user.description,
      locale: user.locale,
      registrationType: user.registrationType,
      roles: user.roles,
      area: user.area,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt.toISOString(),
      lastActivityAt: user.lastActivityAt?.toISOString() ?? null,
    },
    healthDataConsent: user.healthConsentAt
      ? { givenAt: user.healthConsentAt.toISOString(), textVersion: user.healthConsentVersion }
      : null,
    profileFields: fields.map((field) => ({
      name: field.name,
      value: field.value,
      visibility: field.visibility,
    })),
    notificationPreferences: preferences,
    sessions,
    connections: connectionList,
    posts: postList,
    savedPostIds: saved,
    comments: commentList,
    groups: groupList,
    messages: messageList,
    supportRequests: supportList,
  };
}

/**
 * Deletes the account for good: the member row and, through ON DELETE CASCADE, their profile and
 * health values, sessions, refresh tokens, preferences and connections; also their e-mail codes and
 * queued mails, and their posts, questions, comments and helpful marks. Runs in one transaction.
 */
export async function deleteMember(
  ctx: AuthContext,
  userId: number,
  mediaDir: string,
): Promise<void> {
  const { db } = ctx.database;
  const user = await users.findUserById(db, userId);
  if (!user) return;
  await db.transaction(async (tx) => {
    await auth.forgetCodes(tx, user.email);
    await mail.forgetMailsTo(tx, user.email);
    await mail.forgetMailsMentioning(tx, user.email, [user.nickname, user.username]);
    // Requests sent signed in go with the account; those sent signed out, by their address.
    await support.forgetRequestsFrom(tx, user.email);
    await staff.forgetInvitee(tx, user.email);
    await users.deleteUser(tx, user.id);
  });
  await media.removeAvatars(mediaDir, user.id);
  await media.removePostImages(mediaDir, user.id);
}
