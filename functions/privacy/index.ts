/**
 * The privacy domain's entry: what the other domains use of it (eslint/backend.config.js). Consent (the adult and
 * photo consents). Account deletion and export are the privacy group's own and not exported.
 */
export { recordPhotoConsent, requireAdult, requirePhotoConsent } from './consent-service';
