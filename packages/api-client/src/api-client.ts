import createClient, { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';
import { ApiError, CATALOGUE_MESSAGES, UNEXPECTED_ERROR_MESSAGE } from './api-error';
import type { HttpMethod, JsonResult, OperationOf, ParamsArgs, PathsWithMethod } from './client-types';
import { fileNameFromContentDisposition } from './content-disposition';
import { operations as generatedOperations } from './generated/operations';
import type { paths } from './generated/schema';
import type { CataloguedStatus, OperationInfo, OperationTable } from './operation-table';
import { assertRequiredParams, type LooseParams, toFormData, toUrlEncoded } from './request-params';

/** A file answered by the API. */
export interface DownloadedFile {
  /** From Content-Disposition (RFC 5987 `filename*` preferred); undefined when the server names none. */
  fileName: string | undefined;
  status: number;
  data: Blob;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
}

/** A call as a server answers it in its own process: no Request, no Response, no streams. */
export interface LocalCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The whole address, `baseUrl` first, as fetch would have been given it. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What the server answered a {@link LocalCall}: its status, headers (names lower-cased) and body text. */
export interface LocalAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Prefix of every path, e.g. `''` for same origin or `'http://127.0.0.1:3000'`. */
  baseUrl?: string;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
  /**
   * Answers every call in process instead of fetch: the server drawing a page from its own routes. The
   * addresses, headers and bodies are those fetch would have sent, and the answers are read the same way;
   * a fetch's Request, Response and body stream cost about 120 µs a call, more than most answers. Files
   * (multipart, downloads) are not sent this way.
   */
  local?: (call: LocalCall) => Promise<LocalAnswer>;
  /** Extra request headers, or a function called before every request (e.g. for a fresh token). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Operation facts to use instead of the generated table (a client over another document, tests). */
  operations?: OperationTable;
}

/** Typed calls over the operations of `Paths` (by default the generated API). */
export interface ApiClient<Paths extends object = paths> {
  /** GET `path`; resolves to the 200 JSON body, or null for any other success. */
  get<P extends PathsWithMethod<Paths, 'get'>>(
    path: P,
    ...params: ParamsArgs<OperationOf<Paths, P, 'get'>>
  ): Promise<JsonResult<OperationOf<Paths, P, 'get'>>>;
  /** POST `path`; resolves to the 200 JSON body, or null for any other success. */
  post<P extends PathsWithMethod<Paths, 'post'>>(
    path: P,
    ...params: ParamsArgs<OperationOf<Paths, P, 'post'>>
  ): Promise<JsonResult<OperationOf<Paths, P, 'post'>>>;
  /** PUT `path`; resolves to the 200 JSON body, or null for any other success. */
  put<P extends PathsWithMethod<Paths, 'put'>>(
    path: P,
    ...params: ParamsArgs<OperationOf<Paths, P, 'put'>>
  ): Promise<JsonResult<OperationOf<Paths, P, 'put'>>>;
  /** DELETE `path`; resolves to the 200 JSON body, or null for any other success. */
  delete<P extends PathsWithMethod<Paths, 'delete'>>(
    path: P,
    ...params: ParamsArgs<OperationOf<Paths, P, 'delete'>>
  ): Promise<JsonResult<OperationOf<Paths, P, 'delete'>>>;
  /** Calls `method path` and resolves to the answered file (any 2xx); errors as for the other methods. */
  download<M extends HttpMethod, P extends PathsWithMethod<Paths, M>>(
    method: M,
    path: P,
    ...params: ParamsArgs<OperationOf<Paths, P, M>>
  ): Promise<DownloadedFile>;
}

// openapi-fetch is used untyped inside: the public types above come from `paths` directly.
type AnyMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
interface LooseOperation {
  parameters: { query?: Record<string, unknown>; path?: Record<string, unknown> };
  requestBody?: { content: Record<string, unknown> };
  responses: Record<number, unknown>;
}
type LoosePaths = Record<string, Record<AnyMethod, LooseOperation>>;

const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['post', 'put', 'delete']);

/** Response headers as a plain record; Headers already lower-cases the names. */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** The parsed JSON of a body, or null when it is empty or not JSON. */
function parseJsonOrNull(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isCatalogued(status: number, info: OperationInfo | undefined): status is CataloguedStatus {
  return info?.catalogued.some((declared) => declared === status) ?? false;
}

/** The error for a non-2xx answer: the catalogue message where docs/product.md §8 lists the status for the call. */
async function errorFor(response: Response, info: OperationInfo | undefined): Promise<ApiError> {
  const text = await response.text();
  const message = isCatalogued(response.status, info) ? CATALOGUE_MESSAGES[response.status] : UNEXPECTED_ERROR_MESSAGE;
  return new ApiError(message, response.status, text, headerRecord(response.headers), parseJsonOrNull(text));
}

/** Creates the API client: typed `get/post/put/delete/download` over the generated operations. */
export function createApiClient<Paths extends object = paths>(options: ApiClientOptions = {}): ApiClient<Paths> {
  const table: OperationTable = options.operations ?? generatedOperations;
  const baseFetch = options.fetch;
  const baseUrl = options.baseUrl ?? '';
  const querySerializer = createQuerySerializer();
  const core = createClient<LoosePaths>({
    baseUrl,
    // Same-origin cookies carry the session; no timeout signal: long uploads and reports must not be cut off.
    credentials: 'same-origin',
  });

  /** Sends the request over `options.local`: the same address, headers and body as `send` would. */
  async function sendLocal(
    local: NonNullable<ApiClientOptions['local']>,
    method: HttpMethod,
    path: string,
    params: LooseParams,
  ): Promise<{ status: number; text: string; headers: Record<string, string>; info: OperationInfo | undefined }> {
    const info = table[`${method.toUpperCase()} ${path}`];
    assertRequiredParams(info, params);
    const headers: Record<string, string> = {
      ...(typeof options.headers === 'function' ? options.headers() : options.headers),
    };
    let body: string | undefined;
    if (params.multipart !== undefined) throw new Error(`${method} ${path}: файлы не отправляются внутри процесса`);
    if (params.form !== undefined) {
      headers['Content-Type'] = info?.body?.mediaType ?? 'application/x-www-form-urlencoded';
      body = toUrlEncoded(params.form);
    } else if (params.body !== undefined) {
      if (info?.body?.kind === 'other') {
        if (typeof params.body !== 'string') throw new Error(`${method} ${path}: тело не строка`);
        headers['Content-Type'] = info.body.mediaType;
        body = params.body;
      } else {
        headers['Content-Type'] = info?.body?.mediaType ?? 'application/json';
        body = JSON.stringify(params.body);
      }
    }
    if (STATE_CHANGING.has(method)) headers['X-Requested-With'] = 'XMLHttpRequest';
    const url = createFinalURL(path, {
      baseUrl,
      params: { path: params.path, query: params.query },
      querySerializer,
      pathSerializer: defaultPathSerializer,
    });
    const answer = await local({ method: method.toUpperCase() as LocalCall['method'], url, headers, body });
    return { status: answer.status, text: answer.body, headers: answer.headers, info };
  }

  /** A JSON call over `options.local`, with the results and errors of `call`. */
  async function callLocal(
    local: NonNullable<ApiClientOptions['local']>,
    method: HttpMethod,
    path: string,
    params: LooseParams = {},
  ): Promise<unknown> {
    const { status, text, headers, info } = await sendLocal(local, method, path, params);
    if (status < 200 || status > 299) {
      const message = isCatalogued(status, info) ? CATALOGUE_MESSAGES[status] : UNEXPECTED_ERROR_MESSAGE;
      throw new ApiError(message, status, text, headers, parseJsonOrNull(text));
    }
    if (status !== 200 || text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(UNEXPECTED_ERROR_MESSAGE, status, text, headers, null);
    }
  }

  /** Sends the request and returns the raw response (body unread), or throws ApiError for a non-2xx. */
  async function send(method: HttpMethod, path: string, params: LooseParams = {}): Promise<Response> {
    const info = table[`${method.toUpperCase()} ${path}`];
    assertRequiredParams(info, params);

    const headers: Record<string, string> = {
      ...(typeof options.headers === 'function' ? options.headers() : options.headers),
    };
    let body: unknown;
    let bodySerializer: (() => BodyInit) | undefined;
    const { multipart, form } = params;
    if (multipart !== undefined) {
      body = multipart;
      // No Content-Type: the runtime sets it, with the boundary, for FormData.
      bodySerializer = () => toFormData(multipart);
    } else if (form !== undefined) {
      body = form;
      headers['Content-Type'] = info?.body?.mediaType ?? 'application/x-www-form-urlencoded';
      bodySerializer = () => toUrlEncoded(form);
    } else if (params.body !== undefined) {
      body = params.body;
      if (info?.body?.kind === 'other') {
        headers['Content-Type'] = info.body.mediaType;
        // Raw media (a Blob, a string) goes out as given; its type comes from the document.
        bodySerializer = () => body as BodyInit;
      } else {
        headers['Content-Type'] = info?.body?.mediaType ?? 'application/json';
      }
    }
    // CSRF defence: a cross-site form cannot set this header, so the server may require it.
    if (STATE_CHANGING.has(method)) headers['X-Requested-With'] = 'XMLHttpRequest';

    let raw: Response | undefined;
    const { response } = await core.request(method, path, {
      params: { path: params.path, query: params.query },
      body,
      bodySerializer,
      headers,
      // "stream" leaves the body unread, so it can be parsed once, here, by status.
      parseAs: 'stream',
      fetch: async (request: Request) => {
        const answer = await (baseFetch ?? globalThis.fetch)(request);
        // openapi-fetch reads error bodies itself; keep an unread copy for ApiError.response.
        raw = answer.ok ? answer : answer.clone();
        return answer;
      },
    });
    const received = raw ?? response;
    if (!received.ok) throw await errorFor(received, info);
    return received;
  }

  /** A JSON call: 200 → parsed body, any other 2xx → null. */
  async function call(method: HttpMethod, path: string, params?: LooseParams): Promise<unknown> {
    if (options.local) return callLocal(options.local, method, path, params);
    const response = await send(method, path, params);
    if (response.status !== 200) {
      // Nothing will read it: release the connection.
      await response.body?.cancel();
      return null;
    }
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(UNEXPECTED_ERROR_MESSAGE, response.status, text, headerRecord(response.headers), null);
    }
  }

  const client = {
    get: (path: string, params?: LooseParams) => call('get', path, params),
    post: (path: string, params?: LooseParams) => call('post', path, params),
    put: (path: string, params?: LooseParams) => call('put', path, params),
    delete: (path: string, params?: LooseParams) => call('delete', path, params),
    download: async (method: HttpMethod, path: string, params?: LooseParams): Promise<DownloadedFile> => {
      if (options.local) throw new Error(`${method} ${path}: файлы не скачиваются внутри процесса`);
      const response = await send(method, path, params);
      return {
        fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
        status: response.status,
        data: await response.blob(),
        headers: headerRecord(response.headers),
      };
    },
  };
  // The loose implementation serves every typed signature; the types are checked at call sites.
  return client as unknown as ApiClient<Paths>;
}
