import { api } from '../../lib/api';

export const FEEDBACK_TOPICS = ['Перенос номера', 'Проверка номера', 'Тарифы', 'Личный кабинет', 'Другое'] as const;
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number];

export interface FeedbackForm {
  name: string;
  email: string;
  topic: FeedbackTopic;
  message: string;
}

/** Sends the contacts form with the captcha's solution. */
export function sendFeedback(form: FeedbackForm, altcha: string) {
  return api.post('/api/v1/feedback/send', { body: { ...form, altcha } });
}
