import type {
  ErrorsPage,
  PortfolioList,
  PortfolioListMetadata,
  PortfolioMetadata,
  PortfolioPropertyDetail,
  PropertiesPage,
  UploadCheck,
  UploadResult,
} from '@zview/contracts';

/** Answers shaped like apps/server/src/http/portfolio*.ts, for component tests and the e2e fixtures. */
export const listFixture = (): PortfolioList => ({
  total: 3,
  page: 1,
  itemsPerPage: 10,
  portfolios: [
    {
      id: 42,
      name: 'Q4 renewals — California',
      description: 'Homeowners book renewing Oct–Dec',
      portfolioType: '',
      organizationId: 101,
      organizationName: 'Acme Mutual Insurance',
      originalFileName: 'q4-renewals-ca.csv',
      rowCount: 12480,
      createdAt: '2026-11-20T15:02:00Z',
      processingError: null,
      products: [
        {
          product: 'zproperty',
          status: 'READY',
          statusLabel: 'In Review',
          progress: { committed: 2, total: 2, percent: 100 },
        },
        {
          product: 'zfire',
          status: 'IN_PROGRESS',
          statusLabel: 'In Progress',
          progress: { committed: 1, total: 2, percent: 50 },
        },
      ],
    },
    {
      id: 41,
      name: 'Coastal wind accounts',
      description: '',
      portfolioType: '',
      organizationId: 101,
      organizationName: 'Acme Mutual Insurance',
      originalFileName: 'coastal.csv',
      rowCount: 3120,
      createdAt: '2026-11-12T09:30:00Z',
      processingError: null,
      products: [
        {
          product: 'zwind',
          status: 'PROCESSED',
          statusLabel: 'Processed',
          progress: { committed: 1, total: 1, percent: 100 },
        },
      ],
    },
    {
      id: 40,
      name: 'New business intake',
      description: 'Submissions from brokers, week 46',
      portfolioType: '',
      organizationId: 101,
      organizationName: 'Acme Mutual Insurance',
      originalFileName: 'intake-w46.csv',
      rowCount: null,
      createdAt: '2026-11-21T08:10:00Z',
      processingError: null,
      products: [{ product: 'zhail', status: 'UPLOADED', statusLabel: 'Uploaded', progress: null }],
    },
  ],
});

export const listMetadataFixture = (): PortfolioListMetadata => ({
  filters: {
    product: [
      { value: 'zfire', display: 'Z-FIRE', count: 1 },
      { value: 'zhail', display: 'Z-HAIL', count: 1 },
      { value: 'zstorm', display: 'Z-STORM', count: 0 },
      { value: 'zwind', display: 'Z-WIND', count: 1 },
      { value: 'zproperty', display: 'Z-PROPERTY', count: 1 },
    ],
    status: [
      { value: 'UPLOADED', display: 'Uploaded', count: 1 },
      { value: 'IN_PROGRESS', display: 'In Progress', count: 1 },
      { value: 'READY', display: 'In Review', count: 1 },
      { value: 'PROCESSED', display: 'Processed', count: 1 },
    ],
    organization: [{ value: 101, display: 'Acme Mutual Insurance' }],
  },
});

export const uploadCheckFixture = (readRows = true): UploadCheck => ({
  uploadedFileName: 'u-7f3a',
  originalFileName: 'q4-renewals-ca.csv',
  sizeBytes: 1_482_113,
  delimiter: 'comma',
  hasBom: false,
  layout: 'street_city_state_zip',
  recognisedColumns: [
    { column: 'Policy No', meaning: 'your reference' },
    { column: 'Street', meaning: 'street' },
    { column: 'City', meaning: 'city' },
    { column: 'State', meaning: 'state' },
    { column: 'Zip', meaning: 'ZIP code' },
  ],
  keptColumns: ['TIV', 'Construction'],
  idColumn: 'Policy No',
  totalRows: readRows ? 12480 : null,
  usableRows: readRows ? 12477 : null,
  failingRowCount: readRows ? 3 : null,
  failingRows: readRows
    ? [
        { rowNumber: 118, ref: 'HO-55102', reason: 'The street is empty and there are no coordinates.' },
        { rowNumber: 2093, ref: 'HO-57311', reason: 'The ZIP code "9021" is not 5 digits.' },
        { rowNumber: 9920, ref: null, reason: 'The row has 4 cells but the header has 7 columns.' },
      ]
    : [],
  summary: readRows
    ? '12,477 of 12,480 rows can be scored. 3 rows will fail; they are listed below with the reason.'
    : 'Addresses are read from Street, City, State and Zip.',
});

export const uploadResultFixture = (): UploadResult => ({
  uploadedFileName: 'u-7f3a',
  originalFileName: 'q4-renewals-ca.csv',
  sizeBytes: 1_482_113,
  check: uploadCheckFixture(false),
});

const run = (runId: number, product: string) => ({
  runId,
  modelVersion: `${product}-2.3.0`,
  dataDate: '2026-11-01',
  previousRunId: null,
  changedCount: null,
  startedAt: '2026-11-20T15:03:00Z',
  completedAt: '2026-11-20T15:20:00Z',
  suspended: false,
  progress: null,
});

export const metadataFixture = (): PortfolioMetadata => ({
  id: 42,
  name: 'Q4 renewals — California',
  description: 'Homeowners book renewing Oct–Dec',
  portfolioType: '',
  organizationId: 101,
  rowCount: 12480,
  layout: 'street_city_state_zip',
  statusCounts: { UPLOADED: 0, IN_PROGRESS: 0, READY: 1, PROCESSED: 1, ARCHIVED: 0 },
  geocodePrecision: { rooftop: 12477, unusable: 3 },
  columns: ['Policy No', 'Street', 'City', 'State', 'Zip', 'TIV', 'Construction'],
  createdAt: '2026-11-20T15:02:00Z',
  processingError: null,
  unusableRows: 3,
  products: [
    {
      product: 'zproperty',
      status: 'READY',
      statusLabel: 'In Review',
      currentRunId: 8,
      exportColumns: null,
      exportedAt: null,
      progress: { committed: 2, total: 2, percent: 100 },
      riskLevels: { low: 7210, medium: 3904, high: 1298, none: 65 },
      errorCount: 68,
      runs: [run(8, 'zproperty')],
    },
    {
      product: 'zfire',
      status: 'READY',
      statusLabel: 'In Review',
      currentRunId: 7,
      exportColumns: null,
      exportedAt: null,
      progress: { committed: 2, total: 2, percent: 100 },
      riskLevels: { low: 5480, medium: 4112, high: 2820, none: 65 },
      errorCount: 68,
      runs: [run(7, 'zfire')],
    },
  ],
});

const STREETS = [
  'Cedar Ave',
  'Oak St',
  'Harbor View Rd',
  'Mission Blvd',
  'Pine Ridge Dr',
  'Sunset Way',
  'Valley Rd',
  'Lakeview Ct',
];
const CITIES = [
  'Santa Rosa, CA 95404',
  'Paradise, CA 95969',
  'Malibu, CA 90265',
  'Redding, CA 96001',
  'Napa, CA 94558',
];
const LEVELS = ['low', 'medium', 'high', 'low', 'medium'] as const;

export const propertiesFixture = (page = 1, itemsPerPage = 25, total = 12412): PropertiesPage => ({
  product: 'zfire',
  total,
  page,
  itemsPerPage,
  properties: Array.from({ length: Math.min(itemsPerPage, Math.max(0, total - (page - 1) * itemsPerPage)) }, (_, i) => {
    const n = (page - 1) * itemsPerPage + i + 1;
    const level = LEVELS[n % LEVELS.length]!;
    const score =
      level === 'high'
        ? 7 + ((n * 7) % 30) / 10
        : level === 'medium'
          ? 4 + ((n * 3) % 30) / 10
          : 1 + ((n * 5) % 30) / 10;
    return {
      rowNumber: n,
      ref: `HO-${55000 + n}`,
      address: `${100 + n * 7} ${STREETS[n % STREETS.length]}, ${CITIES[n % CITIES.length]}`,
      latitude: 38.44 + n / 1000,
      longitude: -122.7 - n / 1000,
      geocodePrecision: 'rooftop',
      score: Math.round(score * 10) / 10,
      riskLevel: level,
      confidence: 0.8 + (n % 4) * 0.05,
      topFactors: [{ name: 'Vegetation within 30 m', contribution: 1.2 }],
      modelVersion: 'zfire-2.3.0',
    };
  }),
});

export const errorsFixture = (page = 1, total = 68): ErrorsPage => ({
  product: 'zfire',
  total,
  page,
  itemsPerPage: 25,
  errors: Array.from({ length: Math.min(25, Math.max(0, total - (page - 1) * 25)) }, (_, i) => {
    const n = (page - 1) * 25 + i;
    return {
      rowNumber: 100 + n * 37,
      ref: `HO-${56000 + n}`,
      address: n % 3 ? `${n + 1} Unknown Rd, Nowhere, CA` : '',
      reason: n % 3 ? 'The address could not be found.' : 'The street is empty and there are no coordinates.',
    };
  }),
});

export const propertyDetailFixture = (rowNumber = 1): PortfolioPropertyDetail => ({
  portfolioId: 42,
  product: 'zfire',
  rowNumber,
  ref: `HO-${55000 + rowNumber}`,
  address: '1208 Cedar Ave, Santa Rosa, CA 95404',
  values: {
    'Policy No': `HO-${55000 + rowNumber}`,
    Street: '1208 Cedar Ave',
    City: 'Santa Rosa',
    State: 'CA',
    Zip: '95404',
    TIV: '845000',
    Construction: 'Wood frame',
  },
  geocode: { latitude: 38.4405, longitude: -122.7144, precision: 'rooftop', problem: null },
  problem: null,
  result: {
    runId: 7,
    score: 7.3,
    riskLevel: 'high',
    confidence: 0.9,
    topFactors: [
      { name: 'Vegetation within 30 m', contribution: 1.4 },
      { name: 'Slope', contribution: 0.6 },
    ],
    modelVersion: 'zfire-2.3.0',
    dataDate: '2026-11-01',
    scoredAt: '2026-11-20T15:10:00Z',
    problem: null,
  },
  history: [],
});
