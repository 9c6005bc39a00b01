// The staff feature's public face: the back office's pages and its guard's query.
export {
  getDeskOrderQueryOptions,
  getStaffFeedbackThreadQueryOptions,
  getStaffMeQueryOptions,
  getStaffStoryQueryOptions,
} from './api';
export { AuditLog } from './components/audit-log';
export { CataloguePanel } from './components/catalogue-panel';
export { FeedbackInbox } from './components/feedback-inbox';
export { FeedbackThread } from './components/feedback-thread';
export { FlagsPanel } from './components/flags-panel';
export { JobsPanel } from './components/jobs-panel';
export { NewsEditor } from './components/news-editor';
export { NewsList } from './components/news-list';
export { PeoplePanel } from './components/people-panel';
export { DeskHome, DeskOrderView } from './components/porting-desk';
export { STAFF_SECTIONS, StaffFrame } from './components/staff-frame';
export { StaffOverview } from './components/staff-overview';
