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

// The same limits as the server's schema, checked before sending so the solved captcha is not spent.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Field messages for a form the server would refuse; empty when it may be sent. */
export function validateFeedback(form: FeedbackForm): Partial<Record<keyof FeedbackForm, string>> {
  const errors: Partial<Record<keyof FeedbackForm, string>> = {};
  if (!form.name.trim()) errors.name = 'Напишите, как к вам обращаться.';
  const email = form.email.trim();
  if (!email) errors.email = 'Укажите электронную почту: на неё придёт ответ.';
  else if (!EMAIL.test(email)) errors.email = 'Введите адрес электронной почты целиком, например anna@mail.ru.';
  if (form.message.trim().length < 10) errors.message = 'Напишите вопрос подробнее: не короче 10 символов.';
  return errors;
}
