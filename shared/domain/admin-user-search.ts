/**
 * What the admin user search accepts (issue 39): a whole e-mail address (matched exactly, any case, through the
 * e-mail index) or a user id (the key). No part of an address and no name: the table has no index that answers
 * those without a scan (docs/decisions.md, "Issue 39: server-side rough edges").
 */
export const ADMIN_USER_SEARCH_MESSAGE = 'Enter a whole e-mail address (name@example.com) or a user id.';
export const ADMIN_USER_SEARCH_MAX = 254;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USER_ID = /^[A-Za-z0-9_-]{6,128}$/;

/** True for a trimmed term the search can answer: a whole e-mail address or a user id. */
export const isAdminUserSearchTerm = (q: string): boolean =>
  q.length <= ADMIN_USER_SEARCH_MAX && (EMAIL.test(q) || USER_ID.test(q));

/** Whether a term is looked up as an e-mail address (else as a user id). */
export const isEmailTerm = (q: string): boolean => q.includes('@');
