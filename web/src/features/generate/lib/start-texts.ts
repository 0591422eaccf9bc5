/** What a start says once the server took it (spec 02 section 8): the toast before the progress page opens. */
export interface StartedToast {
  title: string;
  description: string;
}

export const GENERATION_STARTED: StartedToast = {
  title: 'Generation started!',
  description: 'Your try-on is being created. This page shows its progress and then the result.',
};

/** The one progress page of every kind of generation, which becomes the result (and where variants are kept). */
export const generationPath = (id: string) => `/generation/${encodeURIComponent(id)}`;
