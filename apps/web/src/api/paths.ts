import type { paths } from './api-types.gen';

/**
 * The web app's API paths, typed by the server's routes: `paths` is generated from the OpenAPI
 * document (api-types.gen.ts, `npm run gen:api`), so a path the server does not serve, or a path
 * parameter left out, fails `tsc`. Paths are written without the `/api` prefix, which only
 * `apiPath` adds: eslint refuses any other string starting with '/api' in the web app.
 *
 * Why typed paths and not openapi-fetch: the one client (client.ts) already carries the token,
 * the organisation acted for, the pull-request override, the version check, ApiError and the
 * answer's zod check; openapi-fetch would need all of that again as middleware and changes every
 * call's shape ({ data, error }). The paths are what was written by hand, so they are what is typed.
 *
 * Methods: `apiPath` returns an `ApiUrl<P>`, a string that remembers its template P (a type-only
 * brand, nothing at run time), and the client's `api.get/post/put/patch/delete` accept only the
 * templates whose document entry has that method (`ApiPathOf`, from `paths[P]`). So
 * `api.post(apiPath('/faq'))` fails `tsc` when the server serves GET /api/faq only. A string built
 * by hand (or `${apiPath(...)}?x=1`) has lost the brand and the client refuses it: queries go in
 * the `query` option. Why a brand and not a method argument to apiPath: the call sites already say
 * the method once (api.get, api.post…); the brand lets them say it only there.
 */
export type ApiPath = keyof paths & string;

declare const TEMPLATE: unique symbol;
/** A filled-in `/api` path that remembers, for the type checker only, the document's template P. */
export type ApiUrl<P extends ApiPath = ApiPath> = string & { readonly [TEMPLATE]: P };

/** The `{name}` parameters of a path template. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type PathParams<P extends string> = Record<ParamNames<P>, string | number>;

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method` (lower-case, as in the document). */
export type ApiPathOf<M extends ApiMethod> = {
  [P in ApiPath]: NonNullable<paths[P][M]> extends never ? never : P;
}[ApiPath];

/** A path the client may call with `method`. */
export type ApiUrlFor<M extends ApiMethod> = ApiUrl<ApiPathOf<M>>;

/** `/api` + the path, its `{name}` parameters filled in (URI-encoded). */
export function apiPath<P extends ApiPath>(
  path: P,
  ...params: ParamNames<P> extends never ? [] : [PathParams<P>]
): ApiUrl<P> {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: ${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${filled}` as ApiUrl<P>;
}

/** The one place the prefix is written. */
const API_PREFIX = '/api';
