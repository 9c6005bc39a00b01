import type { QueueSpec } from './lib/jobs';
import { NEWS_QUEUES } from './modules/news';
import { NOTIFICATION_QUEUES } from './modules/notifications';
import { PORTING_QUEUES, SIGNATURE_QUEUES } from './modules/porting';
import { PRIVACY_QUEUES } from './modules/privacy';

/** Every job queue of the site, created by every start (idempotent). */
export const ALL_QUEUES: readonly QueueSpec[] = [
  ...NOTIFICATION_QUEUES,
  ...PORTING_QUEUES,
  ...SIGNATURE_QUEUES,
  ...NEWS_QUEUES,
  ...PRIVACY_QUEUES,
];
