/** Scheduled Lambda (daily in AWS; hourly in the local stack): deletes generated images past the user's retention. */
import { getDb } from '../lib/aws';
import { logger } from '../lib/logger';
import { applyRetention, type RetentionRunResult } from '../services/retention-service';

export const handler = async (): Promise<RetentionRunResult> => {
  const res = await applyRetention(getDb());
  logger.info('retention run', { ...res });
  return res;
};
