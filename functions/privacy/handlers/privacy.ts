/** Endpoint group privacy: age statement, retention of generated images, "Download my data", "Delete my account". */
import { getDb } from '../../lib/aws';
import { createGroupHandler, json, requireAuth, type Req } from '../../lib/http';
import { privacyRoutes } from '../../../shared/routes/privacy';
import { ensureUser } from '../../profiles';
import { recordAge } from '../consent-service';
import { getPrivacySettings, retentionImpact, updateRetention } from '../retention-service';
import { exportStatus, latestExport, requestExport } from '../export-service';
import { confirmDeletionPassword, deleteAccount, deletionPreview } from '../account-deletion-service';
import { getPayments } from '../../billing';

const caller = (req: Req) => ensureUser(getDb(), requireAuth(req));

export const handler = createGroupHandler(
  privacyRoutes,
  {
    'GET /api/user/privacy': async (req) => json(await getPrivacySettings(getDb(), (await caller(req)).id)),
    'PUT /api/user/privacy/retention': async (req) => {
      const { retentionDays } = req.body;
      return json(await updateRetention(getDb(), (await caller(req)).id, retentionDays));
    },
    'GET /api/user/privacy/retention-impact': async (req) =>
      json(await retentionImpact(getDb(), (await caller(req)).id, req.query.retentionDays)),
    'POST /api/user/age': async (req) => {
      const { birthDate } = req.body;
      return json(await recordAge(getDb(), (await caller(req)).id, birthDate));
    },
    'POST /api/user/export': async (req) => json(await requestExport(getDb(), (await caller(req)).id), 202),
    'GET /api/user/export/latest': async (req) => json({ export: await latestExport(getDb(), (await caller(req)).id) }),
    'GET /api/user/export/{id}': async (req) =>
      json(await exportStatus(getDb(), (await caller(req)).id, req.params.id)),
    'GET /api/user/account/deletion-preview': async (req) => json(await deletionPreview(getDb(), await caller(req))),
    'DELETE /api/user/account': async (req) => {
      // the body's confirmation and the presence of a password were checked by the route's schema (deleteAccountInputSchema)
      const auth = requireAuth(req);
      const user = await caller(req);
      const cognitoUsername = auth.claims['cognito:username'];
      const username = typeof cognitoUsername === 'string' ? cognitoUsername : auth.sub;
      // the password of the token's own account, before anything changes
      await confirmDeletionPassword(user, username, req.body.password);
      return json(await deleteAccount(getDb(), user, getPayments, username));
    },
  },
  (auth) => ensureUser(getDb(), auth),
);
