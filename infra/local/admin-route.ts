/**
 * Local-only operations for the day-one scripts run against `npm start` (bound to the local admin, as the
 * renew endpoint): POST /local/admin/grant?email=... and POST /local/admin/seed-catalog?owner=...
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { S3Client } from '@aws-sdk/client-s3';
import { ERROR_CODES } from '../../shared/errors';
import type { Db } from '../../shared/repositories/table';
import type { LocalRoute } from './api-server';
import { localAdmin } from './checkout-page';
import { grantAdmin, seedStarterCatalog } from '../ops/day-one';

export const LOCAL_ADMIN_PREFIX = '/local/admin/';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function adminRoute(opts: { db: () => Db; s3: () => S3Client; publicBucket: string }): LocalRoute {
  return {
    prefix: LOCAL_ADMIN_PREFIX,
    async handle(req: IncomingMessage, res: ServerResponse, url: URL) {
      if (req.method !== 'POST')
        return json(res, 405, { message: 'Method Not Allowed', code: ERROR_CODES.methodNotAllowed });
      const db = opts.db();
      const who = await localAdmin(req, db);
      if (who !== 'ok')
        return json(
          res,
          who,
          who === 401
            ? { message: 'Unauthorized', code: ERROR_CODES.unauthorized }
            : { message: 'Only the local admin may do this', code: ERROR_CODES.forbidden },
        );
      const action = url.pathname.slice(LOCAL_ADMIN_PREFIX.length);
      if (action === 'grant') {
        const out = await grantAdmin(db, url.searchParams.get('email') ?? '');
        return json(res, out.status === 'not-found' ? 404 : 200, out);
      }
      if (action === 'seed-catalog') {
        const out = await seedStarterCatalog({
          db,
          s3: opts.s3(),
          publicBucket: opts.publicBucket,
          ownerEmail: url.searchParams.get('owner') ?? '',
        });
        return json(res, out.status === 'owner-not-found' ? 404 : 200, out);
      }
      return json(res, 404, { message: 'Not Found', code: ERROR_CODES.notFound });
    },
  };
}
