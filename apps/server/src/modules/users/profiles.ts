import DataLoader from 'dataloader';
import type { FastifyRequest } from 'fastify';
import { friendStatusOf, isSetupComplete } from '@attune/contract';
import type { Tx } from '../../db/client';
import { FIELD_CATALOGUE } from './profile-fields';
import { presentAuthUser } from './presenter';
import {
  isStaff,
  maySeeAccountDetails,
  maySeeEmail,
  maySeeField,
  mayViewProfile,
  relationOf,
  type Actor,
} from './policy';
import * as repository from './repository';
import type { MemberProfileRow } from './repository';

export type { MemberProfileRow };

type FieldDefinitions = Awaited<ReturnType<typeof repository.findProfileFieldDefinitions>>;

/**
 * The fields of group 1 in order (id, name, type, default visibility), read with each profile read:
 * keeping them in memory gained nothing measurable on many members' traffic (decision 0068).
 */
export function definitionsFor(db: Tx): Promise<FieldDefinitions> {
  return repository.findProfileFieldDefinitions(db);
}

/** Every field of group 1, in order, with the member's value ('' when unset) and visibility. */
function withDefinitions(
  definitions: FieldDefinitions,
  { values, ...row }: repository.MemberProfileQueryRow,
): MemberProfileRow {
  const stored = new Map(
    values.map(([fieldId, value, visibility]) => [fieldId, { value, visibility }]),
  );
  return {
    ...row,
    fields: definitions.map((definition) => {
      const own = stored.get(definition.id);
      return {
        databaseId: definition.id,
        name: definition.name,
        value: own?.value ?? '',
        visibility: own?.visibility ?? definition.defaultVisibility,
      };
    }),
  };
}

/**
 * Reads members for one request (DataLoader): every id asked for in the same tick goes into one
 * query (`findProfilesByIds`: the row with its connection count, the member's profile values, the
 * relation to the viewer), laid over the field definitions, and each member is read at most once
 * per request. A list of N members is one query, not N (decisions 0020, 0030). Always from the
 * database: keeping profiles in memory gained nothing on many members' traffic (decision 0069).
 */
export type ProfileLoader = DataLoader<number, MemberProfileRow | undefined>;

const loaders = new WeakMap<FastifyRequest, { viewerId: number; loader: ProfileLoader }>();

/**
 * The request's profile loader (created on first use). Keyed by the request object, so GraphQL
 * resolvers and REST handlers of one request share it, and it goes with the request.
 */
export function profileLoader(request: FastifyRequest, viewerId: number): ProfileLoader {
  const known = loaders.get(request);
  if (known && known.viewerId === viewerId) return known.loader;
  const { database } = request.server;
  // How two members stand is the social graph's SQL, handed in by the app (connections/plugin.ts).
  const relation = request.server.memberRelations;
  const loader: ProfileLoader = new DataLoader(async (ids) => {
    const [definitions, rows] = await Promise.all([
      definitionsFor(database.db),
      repository.findProfilesByIds(database.db, ids, viewerId, relation),
    ]);
    const found = new Map(rows.map((row) => [row.user.id, withDefinitions(definitions, row)]));
    // A member who blocked the viewer, or whom the viewer blocked, is not there for them (decision 0032).
    return ids.map((id) => {
      const profile = found.get(id);
      return profile && mayViewProfile(viewerId, profile) ? profile : undefined;
    });
  });
  loaders.set(request, { viewerId, loader });
  return loader;
}

/** Who is looking: the signed-in member and their capabilities (a principal is one). */
export interface ProfileViewer extends Actor {
  /** When the viewer's token expires; reported only on their own profile. */
  tokenExpiresAt: number;
}

/**
 * The health fields (GDPR art. 9) with a value that a staff member reads on someone else's
 * profile: every such read goes to the audit log (step 9). Empty for everyone else.
 */
export function healthFieldsReadByStaff(profile: MemberProfileRow, viewer: Actor): string[] {
  if (viewer.userId === profile.user.id || !isStaff(viewer)) return [];
  const relation = relationOf(viewer, profile.user, profile.friendship === 'accepted');
  return profile.fields
    .filter(
      (field) =>
        field.value !== '' &&
        FIELD_CATALOGUE[field.name.toLowerCase() as keyof typeof FIELD_CATALOGUE]?.isHealth &&
        maySeeField(field.visibility, relation),
    )
    .map((field) => field.name);
}

/**
 * A member as a viewer may see them, from one loaded row, by the users policy (policy.ts): e-mail
 * for the owner and admins; capabilities, token expiry and visibility settings for the owner only;
 * extended fields only where their visibility lets this viewer see them. Plain values: nothing
 * left to read, whether GraphQL or REST shapes the answer.
 */
export function presentProfile(profile: MemberProfileRow, viewer: ProfileViewer) {
  const { user: row, fields } = profile;
  const self = viewer.userId === row.id;
  const ownDetails = maySeeAccountDetails(viewer, row);
  const base = presentAuthUser(row, [], viewer.tokenExpiresAt);
  const relation = relationOf(viewer, row, profile.friendship === 'accepted');
  const visible = fields.filter((field) => maySeeField(field.visibility, relation));
  const completed = visible.find((field) => field.name.toLowerCase() === 'completed setup');
  return {
    ...base,
    email: maySeeEmail(viewer, row) ? row.email : null,
    capabilities: ownDetails ? base.capabilities : [],
    jwtAuthExpiration: ownDetails ? base.jwtAuthExpiration : null,
    description: row.description,
    firstName: row.firstName,
    lastName: row.lastName,
    lastActivity: row.lastActivityAt?.toISOString() ?? null,
    locale: row.locale,
    area: row.area,
    memberTypes: [row.registrationType],
    mentionName: `@${row.username}`,
    registeredDate: row.createdAt.toISOString(),
    completedSetup: completed ? isSetupComplete(completed.value) : null,
    extendedProfile: visible.map((field) => ({
      databaseId: field.databaseId,
      name: field.name,
      value: { raw: field.value },
      visibility: ownDetails ? field.visibility : null,
    })),
    isFriend: friendStatusOf(self, profile.friendship),
    totalFriendCount: row.friendCount,
  };
}
