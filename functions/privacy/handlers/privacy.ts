/** Endpoint group privacy: age statement, retention of generated images, "Download my data", "Delete my account". */
import { getDb } from '../../lib/aws';
import { createGroupHandler } from '../../lib/http';
import { privacyRoutes } from '../../../shared/routes/privacy';
import { ensureUser } from '../../profiles';
import { recordAge } from '../consent-service';
import { privacySettingsOf, retentionImpact, updateRetention } from '../retention-service';
import { exportStatus, latestExport, requestExport } from '../export-service';
import { confirmDeletionPassword, deleteAccount, deletionPreview } from '../account-deletion-service';
import { getPayments } from '../../billing';

export const handler = createGroupHandler(
  privacyRoutes,
  {
    'GET /api/user/privacy': async ({ caller }) => privacySettingsOf(caller.user),
    'PUT /api/user/privacy/retention': async ({ caller, body }) =>
      updateRetention(getDb(), caller.user.id, body.retentionDays),
    'GET /api/user/privacy/retention-impact': async ({ caller, query }) =>
      retentionImpact(getDb(), caller.user.id, query.retentionDays),
    'POST /api/user/age': async ({ caller, body }) => recordAge(getDb(), caller.user.id, body.birthDate),
    'POST /api/user/export': async ({ caller }) => requestExport(getDb(), caller.user.id),
    'GET /api/user/export/latest': async ({ caller }) => ({ export: await latestExport(getDb(), caller.user.id) }),
    'GET /api/user/export/{id}': async ({ caller, params }) => exportStatus(getDb(), caller.user.id, params.id),
    'GET /api/user/account/deletion-preview': async ({ caller }) => deletionPreview(getDb(), caller.user),
    // the entry lets an account whose deletion failed midway ('deleting') call this route again
    'DELETE /api/user/account': async ({ caller, body }) => {
      // the body's confirmation and the presence of a password were checked by the route's schema (deleteAccountInputSchema)
      const cognitoUsername = caller.auth.claims['cognito:username'];
      const username = typeof cognitoUsername === 'string' ? cognitoUsername : caller.auth.sub;
      // the password of the token's own account, before anything changes
      await confirmDeletionPassword(caller.user, username, body.password);
      return deleteAccount(getDb(), caller.user, getPayments, username);
    },
  },
  { loadUser: (auth) => ensureUser(getDb(), auth) },
);
