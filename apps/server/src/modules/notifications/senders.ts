/**
 * Where SMS and e-mail go: an HTTP gateway speaking one small JSON contract (POST with a Bearer
 * token: `{ to, text }` for SMS, `{ to, subject, text }` for e-mail; any 2xx is delivered). In
 * demo and tests the outbox stand-in on this site answers it; production names a provider's
 * gateway (decision 009).
 */
export interface Sender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** Delivery failed; the job retries. */
export class DeliveryFailed extends Error {}

/** A sender over HTTP. */
export function httpSender(options: {
  url: string;
  token?: string | undefined;
  channel: 'sms' | 'email';
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}): Sender {
  const doFetch = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  return {
    async send({ to, subject, text }) {
      const body = options.channel === 'sms' ? { to, text } : { to, subject, text };
      let res: Response;
      try {
        res = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new DeliveryFailed(`шлюз недоступен: ${err instanceof Error ? err.message : String(err)}`);
      }
      await res.body?.cancel();
      if (!res.ok) throw new DeliveryFailed(`шлюз ответил HTTP ${res.status}`);
    },
  };
}
