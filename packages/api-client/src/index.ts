// Public surface of the generated, typed API client.
import type { components } from './generated/schema';

export {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type DownloadedFile,
  type LocalAnswer,
  type LocalCall,
} from './api-client';
export { ApiError, CATALOGUE_MESSAGES, UNEXPECTED_ERROR_MESSAGE } from './api-error';
export type { HttpMethod, JsonResult, RequestParams } from './client-types';
export type { components, paths } from './generated/schema';
export type { OperationInfo, OperationTable } from './operation-table';

/** Shorthand for the document's component schemas, e.g. `Schemas['OperatorDetail']`. */
export type Schemas = components['schemas'];
