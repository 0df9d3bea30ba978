/** Moved to src/session/ (features never import app/). Kept so older imports still compile; lint flags them in features. */
export * from '../session/session';
