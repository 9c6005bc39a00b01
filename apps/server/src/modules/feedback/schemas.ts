import { Type } from 'typebox';

export const FEEDBACK_TOPICS = ['Перенос номера', 'Проверка номера', 'Тарифы', 'Личный кабинет', 'Другое'] as const;

export const FeedbackSendBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Как к вам обращаться' }),
  email: Type.String({ format: 'email', maxLength: 200, description: 'Куда ответить' }),
  topic: Type.Union(
    FEEDBACK_TOPICS.map((t) => Type.Literal(t)),
    { description: 'Тема обращения' },
  ),
  message: Type.String({ minLength: 10, maxLength: 5000, description: 'Текст обращения' }),
  altcha: Type.String({ minLength: 1, maxLength: 10_000, description: 'Решение капчи ALTCHA (из виджета)' }),
});

export const FeedbackSentSchema = Type.Object(
  { id: Type.Integer(), createdAt: Type.String({ format: 'date-time' }) },
  { $id: 'FeedbackSent' },
);

// The widget reads the challenge as ALTCHA defines it; its inner fields are the library's business.
export const CaptchaChallengeSchema = Type.Object(
  {
    parameters: Type.Object({}, { additionalProperties: true }),
    signature: Type.Optional(Type.String()),
  },
  { $id: 'CaptchaChallenge', additionalProperties: true },
);
