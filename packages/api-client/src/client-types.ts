// Type-level mapping from openapi-typescript's `paths` to the client's call signatures.

/** HTTP methods the client exposes. */
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** Path templates of `Paths` that declare an operation for `Method`. */
export type PathsWithMethod<Paths, Method extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends Record<Method, object> ? P : never;
}[keyof Paths] &
  string;

/** The operation object of `Method` on path `P`. */
export type OperationOf<Paths, P extends keyof Paths, Method extends HttpMethod> =
  Paths[P] extends Record<Method, infer Op> ? Op : never;

type IsNever<T> = [T] extends [never] ? true : false;

type RequiredKeys<T> = { [K in keyof T]-?: Pick<T, K> extends Required<Pick<T, K>> ? K : never }[keyof T];

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Slot<Name extends string, T, Required extends boolean> = Required extends true
  ? { [K in Name]: T }
  : { [K in Name]?: T };

type ParametersOf<Op> = Op extends { parameters: infer P } ? P : unknown;

// `path` / `query` keep openapi-typescript's own optionality (required when any parameter in it is).
type ParamSlot<Params, Key extends 'path' | 'query'> = Key extends keyof Params
  ? IsNever<NonNullable<Params[Key]>> extends true
    ? { [K in Key]?: never }
    : Slot<Key, NonNullable<Params[Key]>, Params extends Record<Key, unknown> ? true : false>
  : { [K in Key]?: never };

type JsonKey<C> = Extract<keyof C, `application/json${string}` | `${string}+json${string}`>;
type FormKey<C> = Extract<keyof C, `application/x-www-form-urlencoded${string}`>;
type MultipartKey<C> = Extract<keyof C, `multipart/form-data${string}`>;

type BodyContent<Op> = Op extends { requestBody?: infer RB }
  ? IsNever<NonNullable<RB>> extends true
    ? never
    : NonNullable<RB> extends { content: infer C }
      ? C
      : never
  : never;

type NoBody = { body?: never; form?: never; multipart?: never };

// Same preference as the generator: JSON, then URL-encoded form, then multipart, then any other media type.
type BodySlotFor<C, Required extends boolean> =
  IsNever<JsonKey<C>> extends false
    ? Slot<'body', C[JsonKey<C>], Required>
    : IsNever<FormKey<C>> extends false
      ? Slot<'form', C[FormKey<C>], Required>
      : IsNever<MultipartKey<C>> extends false
        ? Slot<'multipart', C[MultipartKey<C>], Required>
        : IsNever<keyof C> extends true
          ? NoBody
          : Slot<'body', C[keyof C], Required>;

type BodySlot<Op> =
  IsNever<BodyContent<Op>> extends true
    ? NoBody
    : BodySlotFor<BodyContent<Op>, Op extends { requestBody: object } ? true : false>;

/** The second argument of a call: `path`, `query` and one of `body` / `form` / `multipart`. */
export type RequestParams<Op> = Simplify<
  ParamSlot<ParametersOf<Op>, 'path'> & ParamSlot<ParametersOf<Op>, 'query'> & BodySlot<Op>
>;

/** The argument is optional exactly when the operation has no required parameters and no required body. */
export type ParamsArgs<Op> =
  IsNever<RequiredKeys<RequestParams<Op>>> extends true ? [params?: RequestParams<Op>] : [params: RequestParams<Op>];

/** The 200 JSON body of an operation, or null (empty or non-200 success). */
export type JsonResult<Op> = Op extends { responses: { 200: { content: infer C } } }
  ? IsNever<JsonKey<C>> extends true
    ? null
    : C[JsonKey<C>] | null
  : null;
