/**
 * The one query-key factory of the SPA: every query's key is spelled here, once, under one name (no aliases
 * elsewhere; test/lint/structure.test.ts holds it). Keys name data, not URLs (the fetchers in web/src/api/*.ts
 * build the URLs from the route table's keys); each area's `all` is the prefix that invalidates everything under it.
 */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  /** GET /api/config: the runtime configuration (sign-in settings, who renders each mode), read once. */
  runtimeConfig: ['runtime-config'] as const,
  /** A static text file of the site (the prompt guide), by its address. */
  staticText: (url: string) => ['static', url] as const,
  /** The presigned URL an API image path (/api/private-image/...) resolves to. */
  resolvedImage: (src: string) => ['resolved-image', src] as const,
  /** The engine's guess of a garment picture's slot (issue 39). */
  garmentGuess: (src: string) => ['garment-guess', src] as const,
  /** Our stored copy of an image of another site (POST /api/download-image), by its address. */
  importedImage: (url: string) => ['imported-image', url] as const,
  photoProfiles: ['photo-profiles'] as const,
  generations: {
    all: ['generations'] as const,
    list: () => [...queryKeys.generations.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.generations.all, 'detail', id] as const,
  },
  feedback: (generationId: string) => ['feedback', generationId] as const,
  catalog: {
    rawTemplates: ['raw-templates'] as const,
    rawTemplate: (id: string) => [...queryKeys.catalog.rawTemplates, id] as const,
    prompts: ['prompts'] as const,
    categories: ['categories'] as const,
    collections: ['collections'] as const,
    collection: (id: string) => [...queryKeys.catalog.collections, id] as const,
  },
  styles: {
    all: ['styles'] as const,
    /** One GET /api/styles list (its query: search, audience, category, page size), a page or pages of it. */
    list: (listQuery: string) => [...queryKeys.styles.all, 'list', listQuery] as const,
    /** The first page of a list (the dashboard, the preview carousel). */
    listFirstPage: (listQuery: string) => [...queryKeys.styles.list(listQuery), 'first'] as const,
    /** A list page after page (the style pickers). */
    listPages: (listQuery: string) => [...queryKeys.styles.list(listQuery), 'pages'] as const,
    /** One explore result list (its filters as the URL query spells them), page by page. */
    explore: (filtersQuery: string) => [...queryKeys.styles.all, 'explore', filtersQuery] as const,
    exploreTags: () => [...queryKeys.styles.all, 'explore-tags'] as const,
    detail: (id: string) => [...queryKeys.styles.all, 'detail', id] as const,
    products: (id: string) => [...queryKeys.styles.detail(id), 'products'] as const,
    collections: (id: string) => [...queryKeys.styles.detail(id), 'collections'] as const,
    generations: (id: string) => [...queryKeys.styles.detail(id), 'generations'] as const,
    favorite: (id: string) => [...queryKeys.styles.detail(id), 'favorite'] as const,
    favoriteCount: (id: string) => [...queryKeys.styles.detail(id), 'favorite-count'] as const,
  },
  favorites: {
    all: ['favorites'] as const,
    pages: () => [...queryKeys.favorites.all, 'pages'] as const,
  },
  billing: {
    summary: ['billing', 'subscription'] as const,
    credits: ['billing', 'credits'] as const,
    ledger: ['billing', 'ledger'] as const,
  },
  privacy: {
    settings: ['privacy', 'settings'] as const,
    latestExport: ['privacy', 'latest-export'] as const,
    deletionPreview: ['privacy', 'deletion-preview'] as const,
    retentionImpact: (days: number) => ['privacy', 'retention-impact', days] as const,
  },
  contentSafety: {
    refusals: ['content-safety', 'refusals'] as const,
    styleReports: ['content-safety', 'style-reports'] as const,
    shareReports: ['content-safety', 'share-reports'] as const,
  },
  user: {
    links: ['user', 'links'] as const,
    preferences: ['user', 'preferences'] as const,
  },
  /** Public profile pages: by handle (normalised) and by user id. */
  publicProfiles: {
    all: ['public-profiles'] as const,
    byHandle: (handle: string) => [...queryKeys.publicProfiles.all, handle] as const,
  },
  publicUser: (id: string) => ['public-users', id] as const,
  influencer: {
    myApplication: ['influencer', 'application'] as const,
  },
  myCollections: {
    all: ['my-collections'] as const,
    list: () => [...queryKeys.myCollections.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.myCollections.all, 'detail', id] as const,
  },
  admin: {
    prompts: ['admin', 'prompts'] as const,
    rawTemplates: ['admin', 'raw-templates'] as const,
    styles: ['admin', 'styles'] as const,
    categories: ['admin', 'categories'] as const,
    products: (styleId: string) => ['admin', 'products', styleId] as const,
    applications: {
      all: ['admin', 'influencer-applications'] as const,
      list: (status: string) => [...queryKeys.admin.applications.all, status] as const,
    },
    users: (q: string) => ['admin', 'users', q] as const,
    finance: {
      ledger: (filters: object) => ['admin', 'finance', 'ledger', filters] as const,
      summary: (range: { from: string; to: string }) => ['admin', 'finance', 'summary', range] as const,
    },
  },
  shares: {
    mine: ['shares', 'mine'] as const,
    public: (token: string) => ['shares', 'public', token] as const,
  },
} as const;
