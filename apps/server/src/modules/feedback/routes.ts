import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { rateLimited } from '../../lib/problem';
import { InProcessRateStore } from '../../lib/rate-limit-store';
import { ProblemRef } from '../../lib/schemas';
import { captchaKeys, newChallenge } from './captcha';
import { CaptchaChallengeSchema, FeedbackSendBody, FeedbackSentSchema } from './schemas';
import { sendFeedback } from './service';

// A person writes a few messages an hour at most; more from one address is a script.
const SEND_LIMIT = { max: 5, timeWindow: '10 minutes' };

const feedbackRoutes: FastifyPluginAsyncTypebox<{ sessionSecret: string; supportEmail: string | undefined }> = async (
  app,
  opts,
) => {
  app.addSchema(FeedbackSentSchema);
  app.addSchema(CaptchaChallengeSchema);
  const keys = captchaKeys(opts.sessionSecret);

  await app.register(rateLimit, {
    global: false,
    // Shared by every node through Redis when there is one (REDIS_URL); in process otherwise. A Redis
    // outage lets messages through rather than failing the form (the captcha still guards it).
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${app.redisPrefix}rate:feedback:`, skipOnError: true }
      : // The plugin's own in-process store reads its count a turn late: a burst was refused whole.
        { store: InProcessRateStore }),
    errorResponseBuilder: (_request, context) =>
      rateLimited(`Слишком много сообщений подряд. Попробуйте снова через ${Math.ceil(context.ttl / 60_000)} мин.`),
  });

  app.get(
    '/v1/feedback/challenge',
    {
      schema: {
        operationId: 'getFeedbackChallenge',
        tags: ['Обратная связь'],
        summary: 'Задача капчи ALTCHA для формы обратной связи',
        response: { 200: Type.Ref('CaptchaChallenge') },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return newChallenge(keys, app.clock());
    },
  );

  app.post(
    '/v1/feedback/send',
    {
      config: { rateLimit: SEND_LIMIT },
      schema: {
        operationId: 'sendFeedback',
        tags: ['Обратная связь'],
        summary: 'Отправить сообщение через форму обратной связи',
        body: FeedbackSendBody,
        response: { 200: Type.Ref('FeedbackSent'), 400: ProblemRef, 429: ProblemRef },
      },
    },
    async (request) => {
      // The fields were validated (and trimmed) before this point.
      const support = opts.supportEmail ? { email: opts.supportEmail, queue: app.notifications.queue } : undefined;
      const saved = await sendFeedback(app.db, keys, request.body, support);
      request.log.info({ feedbackId: saved.id }, 'feedback stored');
      return { id: saved.id, createdAt: saved.createdAt.toISOString() };
    },
  );
};

export default feedbackRoutes;
