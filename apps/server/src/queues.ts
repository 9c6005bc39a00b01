import type { QueueSpec } from './lib/jobs';
import { NEWS_QUEUES } from './modules/news/staff-service';
import { NOTIFICATION_QUEUES } from './modules/notifications/service';
import { PORTING_QUEUES } from './modules/porting/service';
import { SIGNATURE_QUEUES } from './modules/porting/signature/service';
import { PRIVACY_QUEUES } from './modules/privacy/service';

/** Every job queue of the site, created by every start (idempotent). */
export const ALL_QUEUES: readonly QueueSpec[] = [
  ...NOTIFICATION_QUEUES,
  ...PORTING_QUEUES,
  ...SIGNATURE_QUEUES,
  ...NEWS_QUEUES,
  ...PRIVACY_QUEUES,
];
