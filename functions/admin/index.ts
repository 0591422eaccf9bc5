/**
 * The admin domain's entry (eslint/backend.config.js lets a domain reach another only through its entry). No
 * other domain uses the admin group's services (user search, content safety): nothing is exported yet.
 */
export {};
