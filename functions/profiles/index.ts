/**
 * The profiles domain's entry: what the other domains use of it (eslint/backend.config.js). The user item
 * (created on first use), the settings the catalog group serves, and deleting every photo with the account.
 */
export { ensureUser, requireUserById } from './user-service';
export {
  addLink,
  listLinks,
  readUserPreferences,
  removeLink,
  saveUserPreferences,
  updateUserProfile,
} from './settings-service';
export { deleteAllPhotos } from './photo-deletion-service';
