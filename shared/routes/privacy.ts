/** The routes of the privacy endpoint group (functions/privacy/handlers/privacy.ts implements exactly these). */
import { defineRoutes } from './route-def';
import {
  ageInputSchema,
  deleteAccountInputSchema,
  retentionImpactQuerySchema,
  retentionInputSchema,
} from '../schemas/privacy';
import {
  ageResultSchema,
  deletionPreviewSchema,
  deletionReceiptSchema,
  exportJobSchema,
  latestExportSchema,
  privacySettingsSchema,
  retentionImpactSchema,
} from '../schemas/responses';

export const privacyRoutes = defineRoutes([
  // privacy: age statement, retention of generated images, data export, account deletion
  { method: 'GET', path: '/api/user/privacy', group: 'privacy', auth: 'user', response: privacySettingsSchema },
  {
    method: 'PUT',
    path: '/api/user/privacy/retention',
    group: 'privacy',
    auth: 'user',
    body: retentionInputSchema,
    response: privacySettingsSchema,
  },
  {
    method: 'GET',
    path: '/api/user/privacy/retention-impact',
    group: 'privacy',
    auth: 'user',
    query: retentionImpactQuerySchema,
    response: retentionImpactSchema,
  },
  {
    method: 'POST',
    path: '/api/user/age',
    group: 'privacy',
    auth: 'user',
    body: ageInputSchema,
    response: ageResultSchema,
  },
  {
    method: 'POST',
    path: '/api/user/export',
    group: 'privacy',
    auth: 'user',
    response: exportJobSchema,
    status: 202,
  },
  { method: 'GET', path: '/api/user/export/latest', group: 'privacy', auth: 'user', response: latestExportSchema },
  { method: 'GET', path: '/api/user/export/{id}', group: 'privacy', auth: 'user', response: exportJobSchema },
  {
    method: 'GET',
    path: '/api/user/account/deletion-preview',
    group: 'privacy',
    auth: 'user',
    response: deletionPreviewSchema,
  },
  {
    method: 'DELETE',
    path: '/api/user/account',
    group: 'privacy',
    auth: 'user',
    body: deleteAccountInputSchema,
    response: deletionReceiptSchema,
  },
]);
