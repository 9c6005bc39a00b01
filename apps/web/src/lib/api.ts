import { createApiClient } from '@perenos/api-client';

/** The one client of the site's API; same origin, cookies travel with every call. */
export const api = createApiClient({ baseUrl: '' });
