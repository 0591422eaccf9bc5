/**
 * The caller's user item: the one the role check loaded for a role-restricted route, else loaded (and created on
 * first use) now. For the groups whose routes need the whole user, not only the token's claims.
 */
import type { UserRecord } from '../../shared/repositories/user-repository';
import { ensureUser } from './user-service';
import { getDb } from '../lib/aws';
import { requireAuth, type Req } from '../lib/http';

export const currentUser = async (req: Req): Promise<UserRecord> => req.user ?? ensureUser(getDb(), requireAuth(req));
