/** Scheduled Lambda (daily in AWS; hourly in the local stack): deletes generated images past the user's retention. */
import { getDb } from '../lib/aws';
import { logger, withLogging } from '../lib/logger';
import { applyRetention, type RetentionRunResult } from './retention-service';

export const handler = withLogging(async (): Promise<RetentionRunResult> => {
  const res = await applyRetention(getDb());
  logger.info('retention run', { ...res });
  return res;
});
