/**
 * Merged into permissions.ts (the one rule set of who may do what). Kept so existing imports of
 * this path keep working; import from './permissions.js' (or '@zview/contracts') instead.
 */
export * from './permissions.js';
