import { mayStaff, staffActorOf, type StaffOperation } from '@attune/contract';
import { forbidden, unauthorized } from '../errors';

/**
 * The staff area's rules (decision 0048): the contract's STAFF_PERMISSIONS table applied to the
 * acting member. Every staff door asks here and nowhere else; deny by default. A helper below the
 * modules (not the staff module's own), so that content edited by staff (pages, translations)
 * asks the same rule without knowing the staff area.
 */
export interface StaffPrincipal {
  userId: number;
  roles: readonly string[];
  /** The roles' capabilities: other modules' policies (hiding a post) read these. */
  capabilities: readonly string[];
}

/**
 * May the principal do the operation? `sameArea` says whether what it is about (a member, their
 * report) lies in the principal's area; operations not about one area leave it true.
 */
export const may = (
  operation: StaffOperation,
  principal: StaffPrincipal | null,
  sameArea = true,
): boolean => mayStaff(operation, staffActorOf(principal?.roles ?? null, sameArea));

/** Throws 401 for nobody, 403 for someone the table refuses. */
export function assertMay(
  operation: StaffOperation,
  principal: StaffPrincipal | null,
  sameArea = true,
): asserts principal is StaffPrincipal {
  if (!principal) throw unauthorized();
  if (!may(operation, principal, sameArea)) throw forbidden('You are not allowed to do this.');
}
