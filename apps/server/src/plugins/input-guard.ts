import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationProblem } from '../lib/problem';

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

function guard(request: FastifyRequest) {
  const errors: Errors = {};
  cleanStrings(request.params, '', PARAM_CONTROL, errors);
  cleanStrings(request.query, '', PARAM_CONTROL, errors);
  if (request.body !== undefined) request.body = cleanStrings(request.body, '', BODY_CONTROL, errors);
  const schema = request.routeOptions.schema as
    | { params?: SchemaNode; querystring?: SchemaNode; body?: SchemaNode }
    | undefined;
  if (schema) {
    checkNumberText(schema.params, request.params, '', errors);
    checkNumberText(schema.querystring, request.query, '', errors);
    checkNumberText(schema.body, request.body, '', errors);
  }
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
}

/**
 * Input hygiene for every route, before schema validation: no control characters (NUL) in any
 * parameter or body string, strings trimmed before their length is checked, numbers given as text
 * written as plain decimals. Each problem is a 400 with Russian field messages; nothing reaches a handler
 * or the database.
 */
export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    app.addHook('preValidation', (request, _reply, done) => {
      guard(request);
      done();
    });
  },
  { name: 'input-guard' },
);
