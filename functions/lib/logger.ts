/** The one structured logger of the functions (Powertools). Its own module so jobs and services need not load the HTTP pipeline (and the route table) to log. */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'tryon-api', logLevel: (process.env.LOG_LEVEL as 'INFO') ?? 'INFO' });
