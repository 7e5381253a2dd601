// The client: one method per operationId (src/generated/operations.ts), typed by openapi-typescript
// (src/generated/schema.ts), sent by openapi-fetch. Hand-written: clients/generate.sh never
// touches this file. Errors are thrown as ApiError; paginate() walks every page of a list.
import createClient from "openapi-fetch";
import type { FetchResponse, ParamsOption, RequestBodyOption } from "openapi-fetch";

import { operations } from "./generated/operations.js";
import type { OperationId, Operations } from "./generated/operations.js";
import type { components, paths } from "./generated/schema.js";

export { operations };
export type { OperationId, components, paths };
/** The document's schemas by name, e.g. `Schemas["User"]`. */
export type Schemas = components["schemas"];

type Spec<K extends OperationId> = NonNullable<paths[Operations[K]["path"]][Operations[K]["method"]]>;
/** What an operation takes: `params` (`path`, `query`) and `body`, as the document types them. */
export type Input<K extends OperationId> = ParamsOption<Spec<K>> & RequestBodyOption<Spec<K>>;
type Data<K extends OperationId> = NonNullable<
  Extract<FetchResponse<Spec<K>, unknown, "application/json">, { error?: never }>["data"]>;
/** What an operation answers on success: its JSON body, `undefined` for a 204 (no body). */
export type Output<K extends OperationId> = [Data<K>] extends [never] ? undefined : Data<K>;
// Optional when nothing in it is required.
type Args<I> = {} extends I ? [input?: I] : [input: I];

/** One method per operationId, e.g. `api.signUp({ body })`, `api.getProject({ params: { path } })`. */
export type Methods = { [K in OperationId]: (...args: Args<Input<K>>) => Promise<Output<K>> };

export interface Api extends Methods {
  /** The same API with this bearer token on every request (null: none). */
  withToken(token: string | null): Api;
  readonly baseUrl: string;
}

export interface ApiOptions {
  /** The service's origin, e.g. "http://localhost:5000" (paths start with /api). */
  baseUrl: string;
  /** A session token (`session.token` of sign-up or sign-in), sent as `Authorization: Bearer`. */
  token?: string | null;
  /** Another fetch (tests, proxies); default globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * An error answer, decoded. Outside /api/auth the body is `{error, message, code}` (error is the
 * reason phrase, e.g. "Not Found"); under /api/auth it is `{error: CODE, message}`, so `code` is
 * `error` there. `details` maps fields to messages for VALIDATION_ERROR.
 */
export class ApiError extends Error {
  readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly code: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  static from(response: Response, body: unknown): ApiError {
    const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    const error = text(fields.error) ?? response.statusText;
    const details = fields.details as Record<string, unknown> | undefined;
    return new ApiError(response.status, error, text(fields.message) ?? error,
      text(fields.code) ?? error, details);
  }
}

/** The API at `baseUrl`, with `token` as bearer when given. */
export function createApi(options: ApiOptions): Api {
  const headers: Record<string, string> = options.token ? { Authorization: `Bearer ${options.token}` } : {};
  const client = createClient<paths>({ baseUrl: options.baseUrl, headers, fetch: options.fetch });
  const api: Record<string, unknown> = {
    baseUrl: options.baseUrl,
    withToken: (token: string | null) => createApi({ ...options, token }),
  };
  for (const [id, { method, path }] of Object.entries(operations)) {
    api[id] = async (input: { params?: object; body?: unknown } = {}) => {
      // The operation table is generated from the same document as `paths`: its pairs are valid.
      const send = client.request as (m: string, p: string, i: object) => Promise<FetchResponse<never, never, never>>;
      const { data, error, response } = await send(method.toUpperCase(), path, input);
      if (!response.ok) throw ApiError.from(response, error);
      return data;
    };
  }
  return api as unknown as Api;
}

/** R1 list answers: `{data: [...], meta: {total, page, limit, pages}}`. */
export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; limit: number; pages: number };
}

/**
 * Every item of a list, page after page (`meta.pages` says when to stop), e.g.
 * `for await (const project of paginate(api.listProjects, { params: { query: { limit: 50 } } }))`.
 */
export async function* paginate<F extends (...args: any[]) => Promise<Page<unknown>>>(
  list: F,
  input?: Parameters<F>[0],
): AsyncGenerator<Item<F>> {
  const params = input?.params ?? {};
  for (let page: number = params.query?.page ?? 1; ; page += 1) {
    const answer = await list({ ...input, params: { ...params, query: { ...params.query, page } } });
    yield* answer.data as Item<F>[];
    if (page >= answer.meta.pages) return;
  }
}

type Item<F extends (...args: any[]) => Promise<Page<unknown>>> = Awaited<ReturnType<F>>["data"][number];
