// The staff feature's public face: the back office's pages and its guard's query.
export { getStaffFeedbackThreadQueryOptions, getStaffMeQueryOptions, getStaffStoryQueryOptions } from './api';
export { AuditLog } from './components/audit-log';
export { CataloguePanel } from './components/catalogue-panel';
export { FeedbackInbox } from './components/feedback-inbox';
export { FeedbackThread } from './components/feedback-thread';
export { FlagsPanel } from './components/flags-panel';
export { NewsEditor } from './components/news-editor';
export { NewsList } from './components/news-list';
export { PeoplePanel } from './components/people-panel';
export { STAFF_SECTIONS, StaffFrame } from './components/staff-frame';
export { StaffOverview } from './components/staff-overview';
