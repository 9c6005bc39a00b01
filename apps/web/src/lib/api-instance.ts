import { createApiClient, type LocalAnswer, type LocalCall } from '@perenos/api-client';

type Answer = (call: LocalCall) => Promise<LocalAnswer>;
let serverAnswer: Answer | undefined;

/** On the server, what answers the API calls of a page being drawn (entry-server.tsx sets it once). */
export function setServerAnswer(answer: Answer): void {
  serverAnswer = answer;
}

/** The client itself (see lib/api.ts): same origin in the browser, this server's own routes on the server. */
export const client = import.meta.env.SSR
  ? // An address needs an origin on the server; the routes answer in process and ignore it.
    createApiClient({
      baseUrl: 'http://server-render.invalid',
      local: (call) => {
        if (!serverAnswer) throw new Error('setServerAnswer was not called');
        return serverAnswer(call);
      },
    })
  : createApiClient({ baseUrl: '' });
