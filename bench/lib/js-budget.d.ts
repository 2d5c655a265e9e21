// Types of js-budget.js, which the bench runs as plain JavaScript and the page-weight E2E
// spec imports.

/** The parsed `window.__reactRouterManifest` of a client build. */
export type ClientManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<
    string,
    {
      id: string;
      parentId?: string;
      path?: string;
      index?: boolean;
      module: string;
      imports?: string[];
    }
  >;
};

export function readClientManifest(clientDir: string): ClientManifest;

export function firstLoadJs(
  clientDir: string,
  manifest: ClientManifest,
  pathname: string,
): { files: number; bytes: number; gzipBytes: number };
