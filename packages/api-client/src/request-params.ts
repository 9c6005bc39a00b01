import type { OperationInfo } from './operation-table';

/** Untyped view of the second argument of a client call, as the runtime sees it. */
export interface LooseParams {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: Record<string, unknown>;
  multipart?: Record<string, unknown>;
}

/** The parameter name as callers know it: first letter lower-cased (`Msisdn` → `msisdn`). */
export function parameterName(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The error thrown, before any request, for a missing required (or null) parameter. */
export function missingParameter(name: string): Error {
  return new Error(`The parameter ${parameterName(name)} must be defined and cannot be null.`);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Throws for the first required parameter that is undefined or null, and for any query parameter set to null. */
export function assertRequiredParams(info: OperationInfo | undefined, params: LooseParams): void {
  for (const name of info?.path ?? []) {
    if (isMissing(params.path?.[name])) throw missingParameter(name);
  }
  for (const name of info?.query ?? []) {
    if (isMissing(params.query?.[name])) throw missingParameter(name);
  }
  // Optional query parameters may be omitted, but null is a caller mistake, not "absent".
  for (const [name, value] of Object.entries(params.query ?? {})) {
    if (value === null) throw missingParameter(name);
  }
  const body = info?.body;
  if (!body) return;
  if (body.kind === 'form' || body.kind === 'multipart') {
    const fields = body.kind === 'form' ? params.form : params.multipart;
    if (isMissing(fields)) {
      // Fields are what callers pass, so the first required field names the problem best.
      if (body.required) throw missingParameter(body.requiredFields[0] ?? 'body');
      return;
    }
    for (const name of body.requiredFields) {
      if (isMissing(fields?.[name])) throw missingParameter(name);
    }
  } else if (body.required && isMissing(params.body)) {
    throw missingParameter('body');
  }
}

/** Text form of a field value (objects as JSON, since form fields carry strings only). */
function fieldText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Each defined value of a field; arrays become repeated fields. */
function fieldValues(value: unknown): unknown[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item) => !isMissing(item));
}

/** An `application/x-www-form-urlencoded` body; undefined/null fields are left out, arrays repeat the key. */
export function toUrlEncoded(fields: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of fieldValues(value)) search.append(name, fieldText(item));
  }
  return search.toString();
}

/** A `multipart/form-data` body; Blobs/Files are sent as files, undefined/null fields are left out. */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of fieldValues(value)) {
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, fieldText(item));
    }
  }
  return form;
}
