// The news feature's public face: other features, pages and the app import only what is listed here.
export { getNewsListQueryOptions, getNewsStoryQueryOptions, NEWS_PAGE_SIZE } from './api';
export { StoryHtml } from './components/story-html';
