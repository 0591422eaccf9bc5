/** The routes of the privacy endpoint group (functions/privacy/handlers/privacy.ts implements exactly these). */
import { defineGroup } from './route-def';
import {
  ageInputSchema,
  ageResultSchema,
  deleteAccountInputSchema,
  deletionPreviewSchema,
  deletionReceiptSchema,
  exportJobSchema,
  latestExportSchema,
  privacySettingsSchema,
  retentionImpactQuerySchema,
  retentionImpactSchema,
  retentionInputSchema,
} from '../schemas/privacy';

export const privacyRoutes = defineGroup('privacy', { auth: 'user' }, [
  // privacy: age statement, retention of generated images, data export, account deletion
  { method: 'GET', path: '/api/user/privacy', response: privacySettingsSchema },
  {
    method: 'PUT',
    path: '/api/user/privacy/retention',
    body: retentionInputSchema,
    response: privacySettingsSchema,
  },
  {
    method: 'GET',
    path: '/api/user/privacy/retention-impact',
    query: retentionImpactQuerySchema,
    response: retentionImpactSchema,
  },
  {
    method: 'POST',
    path: '/api/user/age',
    body: ageInputSchema,
    response: ageResultSchema,
  },
  {
    method: 'POST',
    path: '/api/user/export',
    response: exportJobSchema,
    status: 202,
  },
  { method: 'GET', path: '/api/user/export/latest', response: latestExportSchema },
  { method: 'GET', path: '/api/user/export/{id}', response: exportJobSchema },
  {
    method: 'GET',
    path: '/api/user/account/deletion-preview',
    response: deletionPreviewSchema,
  },
  {
    method: 'DELETE',
    path: '/api/user/account',
    body: deleteAccountInputSchema,
    response: deletionReceiptSchema,
    // a deletion that failed midway may be retried by its owner
    allowsDeletingAccount: true,
  },
]);
