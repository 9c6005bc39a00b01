import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { validationProblem } from '../lib/problem';
import { addRouteHook } from '../lib/route-hooks';

/** Control characters no parameter may hold (PostgreSQL text cannot store NUL; the rest is never typed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const PARAM_CONTROL = /[\u0000-\u001f\u007f]/;
/** In a body, line breaks and tabs are text (a feedback message has paragraphs); other control characters are not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_MESSAGE = 'Содержит недопустимые управляющие символы.';

/** How a number must be written in a query or path: plain decimal digits; no `Infinity`, `1e3`, `0x10`, spaces. */
const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

type Errors = Record<string, string[]>;

function add(errors: Errors, field: string, message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

/**
 * Trims strings (so «   » is empty and fails `minLength`, and the stored value has no stray spaces) and
 * collects the fields holding control characters. Works in place on parsed JSON, a query or path params.
 */
function cleanStrings(value: unknown, path: string, control: RegExp, errors: Errors, depth = 0): unknown {
  if (typeof value === 'string') {
    if (control.test(value)) add(errors, path || 'body', CONTROL_MESSAGE);
    return value.trim();
  }
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = cleanStrings(value[i], join(path, i), control, errors, depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (control.test(key)) add(errors, path || 'body', CONTROL_MESSAGE);
    record[key] = cleanStrings(record[key], join(path, key), control, errors, depth + 1);
  }
  return value;
}

function typeOf(schema: SchemaNode): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/**
 * The validator coerces text to numbers the way JavaScript does: `Infinity`, `1e308`, `0x10` and ` 5`
 * all become numbers, and a 30-digit number loses its digits. Numbers that arrive as text (query, path,
 * form fields) must be written as plain decimals and fit exactly in a double.
 */
function checkNumberText(schema: SchemaNode | undefined, value: unknown, path: string, errors: Errors, depth = 0) {
  if (!schema || depth > 16) return;
  const type = typeOf(schema);
  if ((type === 'integer' || type === 'number') && typeof value === 'string') {
    const integer = type === 'integer';
    if (!(integer ? INTEGER_TEXT : NUMBER_TEXT).test(value)) {
      add(errors, path, integer ? 'Должно быть целым числом.' : 'Должно быть числом.');
    } else if (integer && !Number.isSafeInteger(Number(value))) {
      add(errors, path, 'Число вне допустимого диапазона.');
    }
    return;
  }
  if (type === 'array' && schema.items) {
    const list = Array.isArray(value) ? value : [value];
    list.forEach((v, i) => {
      checkNumberText(schema.items, v, Array.isArray(value) ? join(path, i) : path, errors, depth + 1);
    });
    return;
  }
  if (type === 'object' && schema.properties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (record[key] !== undefined) checkNumberText(sub, record[key], join(path, key), errors, depth + 1);
    }
  }
}

/** Whether a schema holds a number anywhere a value given as text could reach it. */
function hasNumbers(schema: SchemaNode | undefined, depth = 0): boolean {
  if (!schema || depth > 16) return false;
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return true;
  if (type === 'array') return hasNumbers(schema.items, depth + 1);
  if (type === 'object' && schema.properties) {
    return Object.values(schema.properties).some((sub) => hasNumbers(sub, depth + 1));
  }
  return false;
}

interface RouteSchemas {
  params?: SchemaNode;
  querystring?: SchemaNode;
  body?: SchemaNode;
}

/** The guard of one route: its schema's parts that hold numbers are found once, when the route is added. */
function guardOf(schema: RouteSchemas | undefined): preValidationHookHandler {
  const params = hasNumbers(schema?.params) ? schema?.params : undefined;
  const query = hasNumbers(schema?.querystring) ? schema?.querystring : undefined;
  const body = hasNumbers(schema?.body) ? schema?.body : undefined;
  return (request, _reply, done) => {
    const errors: Errors = {};
    cleanStrings(request.params, '', PARAM_CONTROL, errors);
    cleanStrings(request.query, '', PARAM_CONTROL, errors);
    if (request.body !== undefined) request.body = cleanStrings(request.body, '', BODY_CONTROL, errors);
    if (params) checkNumberText(params, request.params, '', errors);
    if (query) checkNumberText(query, request.query, '', errors);
    if (body) checkNumberText(body, request.body, '', errors);
    // Any field with a problem: a for…in over the record, not Object.keys, allocates nothing per request.
    for (const _ in errors) throw validationProblem(errors);
    done();
  };
}

/**
 * Input hygiene for every route, before schema validation: no control characters (NUL) in any
 * parameter or body string, strings trimmed before their length is checked, numbers given as text
 * written as plain decimals. Each problem is a 400 with Russian field messages; nothing reaches a handler
 * or the database. Each route gets its own hook, made from its schema when it is added (decision 108).
 */
export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      addRouteHook(route, 'preValidation', guardOf(route.schema as RouteSchemas | undefined));
    });
  },
  { name: 'input-guard' },
);
