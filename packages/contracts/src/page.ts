/**
 * The page shell's contract between the web build and the server (ADR 0008, ADR 0014): what the
 * web build writes for the server to read (dist/page-data.json, from apps/web/src/app/page-data.ts)
 * and the server renderer it builds (apps/web/src/prerender.tsx → dist-ssr/prerender.js), which
 * the server's web module loads and calls. Types only, apart from the media URL rules both sides
 * apply the same way.
 */

/**
 * One client route the server knows more of than "the app": the API answers the page asks for
 * first (`:param`s filled from the path), preloaded by its HTML.
 */
export interface PageEntry {
  /** A route of the spec (§2), `:param`s matching one id-like segment each. */
  path: string;
  /** API paths (with the route's `:param`s) the page asks for first. */
  data: string[];
  /** Only for a live session (the server checks it): the guards send visitors away. */
  signedIn?: boolean;
  /** For a signed-in user the server renders the page with this data (ADR 0014), and the app hydrates it. */
  serverRendered?: boolean;
  /**
   * With PUBLIC_CATALOGUE on, for visitors too (the catalogue and a course page): their preloads,
   * and the server's render when `serverRendered`.
   */
  publicCatalogue?: boolean;
  /**
   * For everyone, whatever PUBLIC_CATALOGUE says: a page of fixed text (/privacy) that the server
   * renders for visitors as well when `serverRendered`.
   */
  public?: boolean;
  /** The page's first large image (its LCP) is preloaded too, with the `sizes` its `<img>` has. */
  image?: { sizes: string };
}

/** dist/page-data.json: the pages, and the API's base URL the app was built with. */
export interface PageData {
  apiUrl: string;
  pages: PageEntry[];
}

/** The image a page shows largest first (its LCP): the URLs the page's `<img>` will have. */
export interface PageImage {
  src: string;
  srcSet?: string | null;
}

/**
 * Answers a GET of the API (a path such as `/api/course/getcourse/…`) as the page's signed-in user.
 * `Answer` is the WHATWG `Response` on both sides, named by each (this package is built for
 * neither the DOM nor Node, so it has no `Response` of its own).
 */
export type ServerFetch<Answer> = (apiPath: string) => Promise<Answer>;

/** A page rendered on the server: its markup for `#root`, and the query state the app hydrates it with. */
export interface ServerRenderedPage<State = unknown> {
  html: string;
  data: State;
}

/** What dist-ssr/prerender.js exports for the server (apps/web/src/prerender.tsx); `Answer`: `Response`. */
export interface PageRenderer<Answer> {
  /**
   * The signed-in user's page at `url` with its data, or null: not such a page, nobody signed in, an
   * answer failed. Drawn in `language` (the reader's `locale` cookie; English when unknown).
   */
  renderPage(url: string, serverFetch: ServerFetch<Answer>, language?: string): Promise<ServerRenderedPage | null>;
  /** The id of the `<script type="application/json">` after `#root` that holds the page's state. */
  PAGE_STATE_ID: string;
}

/**
 * Media in API answers (`/media/…` thumbnails, avatars, lecture videos) are paths on the API
 * server. When the app is hosted apart (VITE_API_URL: `base`) they must be loaded from there, not
 * from the app's own host. Absolute, protocol-relative, `blob:` and `data:` URLs pass through.
 */
export const mediaUrl = (url: string, base: string) =>
  base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;

/** A `srcset` ("url 320w, url 640w") with each URL resolved like `mediaUrl`. */
export const mediaSrcSet = (srcSet: string, base: string) =>
  srcSet
    .split(',')
    .map((entry) => mediaUrl(entry.trim(), base))
    .join(', ');
