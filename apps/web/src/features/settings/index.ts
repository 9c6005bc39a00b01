// The settings feature's public face: other features, pages and the app import only what is listed here.
export { type Feature, getFeaturesQueryOptions, getThemeQueryOptions, useFeature } from './api';
export { getConvergenceServicesQueryOptions, getMediaServicesQueryOptions } from './services-api';
