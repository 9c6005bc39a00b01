/** Error statuses with a fixed, user-facing message where docs/product.md §8 lists them for the call. */
export type CataloguedStatus = 400 | 401 | 404;

/** How a request body is sent: JSON, URL-encoded form, multipart form, or raw bytes of another media type. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'other';

/** Request body facts the runtime needs before sending. */
export interface BodyInfo {
  readonly kind: BodyKind;
  /** Media type as declared in the document (sent as Content-Type, except for multipart). */
  readonly mediaType: string;
  readonly required: boolean;
  /** Required field names of a form or multipart body, exactly as in the document. */
  readonly requiredFields: readonly string[];
}

/** What the generator records about one operation of the document. */
export interface OperationInfo {
  readonly operationId: string | null;
  /** Required path parameters, names exactly as in the document. */
  readonly path: readonly string[];
  /** Required query parameters, names exactly as in the document. */
  readonly query: readonly string[];
  readonly body: BodyInfo | null;
  /** Which of 400, 401, 404 product.md §8 catalogues for the call (scripts/error-catalogue.mjs). */
  readonly catalogued: readonly CataloguedStatus[];
}

/** Operations keyed by `'<METHOD> <path template>'`, e.g. `'GET /api/v1/operator/{slug}'`. */
export type OperationTable = Readonly<Record<string, OperationInfo>>;
