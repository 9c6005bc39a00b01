// The number watch's public face: pages and the app import only what is listed here.
export { ALERTS_PAGE_SIZE, getAlertsQueryOptions, getWatchSwitchesQueryOptions, type WatchAlert } from './api';
export { AlertList } from './components/alert-list';
export { ALERTS_PREVIEW_SIZE, AlertsPreview } from './components/alerts-preview';
export { WatchSwitch } from './components/watch-switch';
