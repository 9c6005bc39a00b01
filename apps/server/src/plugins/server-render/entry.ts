import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageSearch } from '../../lib/page-cache';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist-server/) offers. */
export interface ServerEntry {
  SERVER_STATE_ID: string;
  /** The CSS Mantine draws for a theme, which drawn pages link instead (decision 121). */
  themeStylesheet?(theme: string): { name: string; css: string } | undefined;
  /** The query parameters the page of a path reads; undefined for a path no route matches (issue 35). */
  pageSearch?: PageSearch;
  render(request: { url: string; answer: (call: LocalCall) => Promise<LocalAnswer> }): Promise<{
    html: string;
    title: string;
    description: string | undefined;
    card?: { type: 'article' | 'website'; image?: string } | undefined;
    state: { theme: string };
    notFound: boolean;
    renders?: number;
    missed?: string[];
    source?: string | undefined;
  }>;
}

/** Draws a page on the server; false when it could not (the caller then sends the bare index.html). */
export type PageRenderer = ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) & {
  /**
   * Sends the kept page of a cookie-less GET or HEAD at once, before routing (no file lookup, no render);
   * false when there is none.
   */
  serveKept(request: FastifyRequest, reply: FastifyReply): boolean;
};

/** A call of the page's API client, answered in process (the web app's `LocalCall` in @perenos/api-client). */
export interface LocalCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface LocalAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A page as the server entry drew it. */
export type DrawnPage = Awaited<ReturnType<ServerEntry['render']>>;
