/// <reference types="vite/client" />

/** The Network Information API's data-saving flag (Chromium; absent elsewhere): no warm-up of the engine then. */
interface Navigator {
  readonly connection?: { readonly saveData?: boolean };
}
