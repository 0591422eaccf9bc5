/** Lambda invoked asynchronously by POST /api/user/export in AWS: builds one "Download my data" ZIP. */
import { getDb } from '../lib/aws';
import { withLogging } from '../lib/logger';
import { buildExport } from './export-build';

export const handler = withLogging(async (event: { userId: string; exportId: string }): Promise<void> => {
  if (!event?.userId || !event?.exportId) throw new Error('userId and exportId are required');
  await buildExport(getDb(), event.userId, event.exportId);
});
