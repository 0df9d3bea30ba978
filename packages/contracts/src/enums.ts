/** File status of a portfolio product (SPEC §3). */
export const FILE_STATUSES = ['UPLOADED', 'IN_PROGRESS', 'READY', 'PROCESSED', 'ARCHIVED'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];
/** ARCHIVED has no label: archived files are not shown. */
export const FILE_STATUS_LABELS: Partial<Record<FileStatus, string>> = {
  UPLOADED: 'Uploaded',
  IN_PROGRESS: 'In Progress',
  READY: 'In Review',
  PROCESSED: 'Processed',
};
export function fileStatusLabel(status: FileStatus): string | undefined {
  return FILE_STATUS_LABELS[status];
}

export const FILTER_KINDS = ['product', 'status', 'organization'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export const LOCATION_TYPES = ['address', 'coordinates', 'portfolio'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'none'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** A risk level in words, as the score cards' chips and the PDFs write it. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
  none: 'Not scored',
};

export const LOOKUP_KEYS = ['property_id', 'batch_id'] as const;
export type LookupKey = (typeof LOOKUP_KEYS)[number];

export const MAP_LAYER_TYPES = ['aerial', 'location', 'parcel', 'building', 'mapType'] as const;
export type MapLayerType = (typeof MAP_LAYER_TYPES)[number];
export const LAYER_STATUSES = ['active', 'unavailable'] as const;
export type LayerStatus = (typeof LAYER_STATUSES)[number];
export const MAP_STYLES = ['street', 'satellite'] as const;
export type MapStyle = (typeof MAP_STYLES)[number];
/** Layer toggle labels (SPEC §2, map widget). */
export const MAP_LAYER_LABELS = {
  aerial: 'Aerial Imagery',
  location: 'Location Pin',
  parcel: 'Parcel Outline',
  building: 'Building Labels',
} as const;

export const IDENTITY_PROVIDER_TYPES = { OKTA: 'Password', SAML2: 'SSO' } as const;
export type IdentityProviderLinkType = keyof typeof IDENTITY_PROVIDER_TYPES;

/** Statuses of the credential sign-in answer (identity.ts authnResponseSchema); here, free of zod, for the login page. */
export const AUTHN_STATUSES = {
  success: 'SUCCESS',
  passwordExpired: 'PASSWORD_EXPIRED',
  lockedOut: 'LOCKED_OUT',
} as const;

export const AUTH_STATES = ['unknown', 'unauthenticated', 'authenticatedOnly', 'authenticatedAndAuthorized'] as const;
export type AuthState = (typeof AUTH_STATES)[number];

export const LOGIN_OUTCOMES = [
  'invalid_credentials',
  'no_okta_apps_enabled',
  'unknown_error',
  'no_products_enabled',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

export const PIN_STATES = ['nonEditable', 'editable', 'editing'] as const;
export type PinState = (typeof PIN_STATES)[number];

export const NOTIFICATION_VARIANTS = ['error', 'success', 'info', 'warning'] as const;
export type NotificationVariant = (typeof NOTIFICATION_VARIANTS)[number];
