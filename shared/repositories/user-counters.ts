/**
 * The user's COUNTERS item (`USER#<id> / COUNTERS`, keys.userCounters): counts each kept in the same transaction
 * as the items it counts (photo profiles, styles by visibility, profile links) and the default photo profile
 * pointer. Several repositories write their own attributes of it; this is its one list of attributes, so their
 * updates and conditions are typed (expression.ts).
 */
import { update, where } from './expression';

export interface UserCounters {
  photoProfileCount: number;
  defaultPhotoProfileId: string;
  privateStyleCount: number;
  publicStyleCount: number;
  linkCount: number;
}

/** A new typed update of the COUNTERS item. */
export const countersUpdate = () => update<UserCounters>();
/** The condition operators for the COUNTERS item. */
export const countersWhere = where<UserCounters>();
