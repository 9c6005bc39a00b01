// The feedback feature's public face: other features, pages and the app import only what is listed here.
export { FEEDBACK_TOPICS, type FeedbackForm, type FeedbackTopic, sendFeedback, validateFeedback } from './api';
export { Captcha } from './components/captcha';
