// Pure parts of the client generator (no server, no process exit), so they can be unit-tested.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { SPEC_ERROR_CATALOGUE } from './error-catalogue.mjs';

/** @typedef {import('openapi-typescript').OpenAPI3} OpenAPI3 */
/** @typedef {import('../src/operation-table').OperationInfo} OperationInfo */
/** @typedef {import('../src/operation-table').BodyInfo} BodyInfo */
/** @typedef {import('../src/operation-table').BodyKind} BodyKind */
/** @typedef {import('../src/operation-table').CataloguedStatus} CataloguedStatus */
/** @typedef {{ path: string, content: string }} GeneratedFile */
/** @typedef {import('./error-catalogue.mjs').ErrorCatalogue} ErrorCatalogue */

/** Files the generator owns, relative to the package directory. */
export const GENERATED_PATHS = Object.freeze({
  document: 'openapi.json',
  schema: 'src/generated/schema.ts',
  operations: 'src/generated/operations.ts',
});

export const STALE_MESSAGE = 'API-клиент устарел: выполните npm run generate:client';
export const CURRENT_MESSAGE = 'API-клиент актуален.';

const HEADER = [
  '// generated — do not edit. Produced by packages/api-client/scripts/generate.mjs from openapi.json;',
  '// regenerate with `npm run generate:client`.',
  '',
].join('\n');

const METHODS = /** @type {const} */ (['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** @type {readonly CataloguedStatus[]} */
const CATALOGUED = [400, 401, 404];

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Follows a local `$ref` (`#/components/...`) until a non-reference object is reached.
 * @param {Record<string, unknown>} document
 * @param {unknown} node
 * @returns {Record<string, unknown>}
 */
function deref(document, node) {
  let current = node;
  // A bounded loop guards against reference cycles in a malformed document.
  for (let hops = 0; hops < 32 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Только локальные ссылки поддерживаются: ${ref}`);
    /** @type {unknown} */
    let target = document;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
      target = isRecord(target) ? target[key] : undefined;
    }
    if (target === undefined) throw new Error(`Ссылка не найдена: ${ref}`);
    current = target;
  }
  return isRecord(current) ? current : {};
}

/**
 * Required property names of an object schema, including those of `allOf` members.
 * @param {Record<string, unknown>} document
 * @param {unknown} schemaNode
 * @returns {string[]}
 */
function requiredProperties(document, schemaNode) {
  const schema = deref(document, schemaNode);
  const names = Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === 'string') : [];
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) names.push(...requiredProperties(document, member));
  }
  return [...new Set(names)];
}

/**
 * How the client sends a body of this media type.
 * @param {string} mediaType
 * @returns {BodyKind}
 */
function bodyKind(mediaType) {
  const type = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'multipart/form-data') return 'multipart';
  return 'other';
}

/** @type {Record<BodyKind, number>} */
const KIND_PREFERENCE = { json: 0, form: 1, multipart: 2, other: 3 };

/**
 * The request body facts of an operation (JSON preferred when several media types are offered).
 * @param {Record<string, unknown>} document
 * @param {unknown} requestBodyNode
 * @returns {BodyInfo | null}
 */
function bodyInfo(document, requestBodyNode) {
  if (requestBodyNode === undefined) return null;
  const requestBody = deref(document, requestBodyNode);
  const content = isRecord(requestBody.content) ? requestBody.content : {};
  const choices = Object.keys(content).sort((a, b) => KIND_PREFERENCE[bodyKind(a)] - KIND_PREFERENCE[bodyKind(b)]);
  const mediaType = choices[0];
  if (mediaType === undefined) return null;
  const kind = bodyKind(mediaType);
  const media = deref(document, content[mediaType]);
  return {
    kind,
    mediaType,
    required: requestBody.required === true,
    requiredFields: kind === 'form' || kind === 'multipart' ? requiredProperties(document, media.schema) : [],
  };
}

/**
 * Path-level parameters overridden by operation-level ones with the same name and location.
 * @param {Record<string, unknown>} document
 * @param {unknown} pathLevel
 * @param {unknown} operationLevel
 * @returns {Record<string, unknown>[]}
 */
function mergedParameters(document, pathLevel, operationLevel) {
  /** @type {Map<string, Record<string, unknown>>} */
  const byKey = new Map();
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      const parameter = deref(document, node);
      byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
    }
  }
  return [...byKey.values()];
}

/**
 * Builds the operation table (key `'GET /api/...'`) in document order. Catalogued statuses come from
 * the error catalogue (docs/product.md §8), not from the responses the operation documents.
 * @param {Record<string, unknown>} document
 * @param {ErrorCatalogue} [catalogue]
 * @returns {Record<string, OperationInfo>}
 */
export function buildOperationTable(document, catalogue = SPEC_ERROR_CATALOGUE) {
  /** @type {Record<string, OperationInfo>} */
  const table = {};
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [path, pathNode] of Object.entries(paths)) {
    const pathItem = deref(document, pathNode);
    for (const method of METHODS) {
      if (!isRecord(pathItem[method])) continue;
      const operation = deref(document, pathItem[method]);
      const parameters = mergedParameters(document, pathItem.parameters, operation.parameters);
      /** @param {string} location */
      const requiredIn = (location) =>
        parameters
          .filter((p) => p.in === location && (location === 'path' || p.required === true))
          .map((p) => String(p.name));
      const key = `${method.toUpperCase()} ${path}`;
      table[key] = {
        operationId: typeof operation.operationId === 'string' ? operation.operationId : null,
        path: requiredIn('path'),
        query: requiredIn('query'),
        body: bodyInfo(document, operation.requestBody),
        catalogued: CATALOGUED.filter((status) => catalogue[status].includes(key)),
      };
    }
  }
  // A call renamed on the server must not silently lose its catalogued messages.
  const unknown = CATALOGUED.flatMap((status) => catalogue[status].filter((key) => !(key in table)));
  if (unknown.length > 0) {
    throw new Error(
      `Каталог ошибок (docs/product.md §8) называет вызовы, которых нет в документе: ${[...new Set(unknown)].join(', ')}`,
    );
  }
  return table;
}

/**
 * A TypeScript literal for a JSON-like value, indented by two spaces per level.
 * @param {unknown} value
 * @param {string} indent
 * @returns {string}
 */
function literal(value, indent) {
  if (value === null) return 'null';
  if (typeof value === 'string')
    return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, indent)).join(', ')}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(([key, item]) => {
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key, inner);
      return `${inner}${name}: ${literal(item, inner)},`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  throw new Error(`Unsupported value in the operation table: ${String(value)}`);
}

/**
 * Source of `src/generated/operations.ts` for a document.
 * @param {Record<string, unknown>} document
 * @param {ErrorCatalogue} [catalogue]
 * @returns {string}
 */
export function renderOperations(document, catalogue = SPEC_ERROR_CATALOGUE) {
  return [
    HEADER,
    "import type { OperationTable } from '../operation-table';",
    '',
    '/** Required parameters, request body and product.md §8 error statuses of every operation of openapi.json. */',
    `export const operations = ${literal(buildOperationTable(document, catalogue), '')} as const satisfies OperationTable;`,
    '',
  ].join('\n');
}

/**
 * Source of `src/generated/schema.ts` (openapi-typescript types) for a document.
 * @param {Record<string, unknown>} document
 * @returns {Promise<string>}
 */
export async function renderSchema(document) {
  // openapi-typescript reads (and may annotate) its input, so it gets its own copy.
  const source = /** @type {OpenAPI3} */ (/** @type {unknown} */ (structuredClone(document)));
  const ast = await openapiTS(source, {
    silent: true,
    // Uploads are sent as Blob/File, which openapi-typescript would otherwise type as string.
    transform(schemaObject) {
      const schema = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (schemaObject));
      if (schema.format === 'binary' || schema.contentMediaType === 'application/octet-stream') {
        return ts.factory.createTypeReferenceNode('Blob');
      }
      return undefined;
    },
  });
  return `${HEADER}\n${astToString(ast)}`;
}

/**
 * All generated files for a document: openapi.json, schema.ts and operations.ts.
 * @param {Record<string, unknown>} document
 * @param {ErrorCatalogue} [catalogue]
 * @returns {Promise<GeneratedFile[]>}
 */
export async function renderClientFiles(document, catalogue = SPEC_ERROR_CATALOGUE) {
  return [
    { path: GENERATED_PATHS.document, content: `${JSON.stringify(document, null, 2)}\n` },
    { path: GENERATED_PATHS.schema, content: await renderSchema(document) },
    { path: GENERATED_PATHS.operations, content: renderOperations(document, catalogue) },
  ];
}

/**
 * Paths (relative to packageDir) whose content on disk is missing or differs from the generated one.
 * @param {string} packageDir
 * @param {readonly GeneratedFile[]} files
 * @returns {Promise<string[]>}
 */
export async function findStaleFiles(packageDir, files) {
  /** @type {string[]} */
  const stale = [];
  for (const file of files) {
    const onDisk = await readFile(join(packageDir, file.path), 'utf8').catch(() => null);
    if (onDisk !== file.content) stale.push(file.path);
  }
  return stale;
}

/**
 * The `--check` verdict: exit code and the message to print.
 * @param {readonly string[]} stale
 * @returns {{ ok: boolean, message: string }}
 */
export function checkVerdict(stale) {
  if (stale.length === 0) return { ok: true, message: CURRENT_MESSAGE };
  return { ok: false, message: `${STALE_MESSAGE}\nОтличаются: ${stale.join(', ')}` };
}
