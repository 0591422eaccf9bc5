/** The routes of the privacy endpoint group (functions/privacy/index.ts implements exactly these). */
import { defineRoutes } from './route-def';
import { ageInputSchema, deleteAccountInputSchema, retentionInputSchema } from '../schemas/privacy';
import {
  ageResultSchema,
  deletionReceiptSchema,
  exportJobSchema,
  latestExportSchema,
  privacySettingsSchema,
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
    method: 'DELETE',
    path: '/api/user/account',
    group: 'privacy',
    auth: 'user',
    body: deleteAccountInputSchema,
    response: deletionReceiptSchema,
  },
]);
