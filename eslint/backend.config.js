/**
 * Placeholder for the backend rules (storage boundary for functions/, shared/, infra/), written on another
 * branch; the root eslint.config.js spreads this array.
 */
export default [];
