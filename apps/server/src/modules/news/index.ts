// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).

export { publicStoryDates } from './repository';
export { NEWS_QUEUES } from './staff-service';
