import { hasCapability, mayEditMember, type Actor, type Capability } from '@attune/contract';

/** The signed-in member as the server reports them: the viewer query or fetch-user. */
export interface CapabilityHolder {
  databaseId: number;
  /** The member's own capabilities (the server sends them on their own profile only). */
  capabilities: readonly string[];
}

/** The member as the contract's rules see them; null when nobody is signed in. */
export const actorOf = (viewer: CapabilityHolder | null | undefined): Actor | null =>
  viewer ? { userId: viewer.databaseId, capabilities: viewer.capabilities } : null;

/**
 * Whether to offer an action that needs a capability. Decided with the contract's table, as the
 * server decides (decision 0028): the web hides what the server would refuse, never more.
 */
export const viewerCan = (viewer: CapabilityHolder | null | undefined, capability: Capability) =>
  hasCapability(viewer?.capabilities, capability);

/** Whether to offer changing this member's profile or avatar (the users policy's rule). */
export const mayEditProfileOf = (viewer: CapabilityHolder | null | undefined, ownerId: number) =>
  mayEditMember(actorOf(viewer), ownerId);
