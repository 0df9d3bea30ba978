import type { ZorroFilingSummary, ZorroGridColumn } from '@zview/contracts';

/** The grid's columns: what each shows of a filing (the server's export holds the same, by key). */
export const GRID_COLUMNS = [
  { key: 'state', label: 'State', value: (f: ZorroFilingSummary) => f.state, sort: 'state' },
  { key: 'company', label: 'Company', value: (f: ZorroFilingSummary) => f.company, sort: 'company' },
  { key: 'naicGroup', label: 'NAIC group', value: (f: ZorroFilingSummary) => f.naicGroup, sort: null },
  { key: 'trackingNumber', label: 'Tracking number', value: (f: ZorroFilingSummary) => f.trackingNumber, sort: null },
  { key: 'line', label: 'Line', value: (f: ZorroFilingSummary) => f.line, sort: null },
  { key: 'filingType', label: 'Type', value: (f: ZorroFilingSummary) => f.filingType, sort: null },
  { key: 'submittedOn', label: 'Submitted', value: (f: ZorroFilingSummary) => f.submittedOn, sort: 'submitted' },
  {
    key: 'effectiveOn',
    label: 'Effective date',
    value: (f: ZorroFilingSummary) => f.effectiveOn ?? '',
    sort: 'effective',
  },
  {
    key: 'overallChange',
    label: 'Rate change %',
    value: (f: ZorroFilingSummary) => f.overallChange,
    sort: 'rateChange',
  },
  { key: 'models', label: 'Models cited', value: (f: ZorroFilingSummary) => f.models.join(', '), sort: null },
  { key: 'status', label: 'Status', value: (f: ZorroFilingSummary) => f.status, sort: 'status' },
] as const satisfies readonly {
  key: ZorroGridColumn;
  label: string;
  value: (f: ZorroFilingSummary) => unknown;
  sort: string | null;
}[];
export type GridColumnKey = (typeof GRID_COLUMNS)[number]['key'];
export const DEFAULT_GRID_COLUMNS: GridColumnKey[] = [
  'state',
  'company',
  'submittedOn',
  'effectiveOn',
  'overallChange',
  'models',
  'status',
];
