import type { ColumnType, Generated } from 'kysely';
import type { Json } from './json.js';

// Appeals (migration 0600).
export interface AppealSettingsTable {
  organization_id: number;
  deadline_days: number;
  updated_at: Generated<Date>;
}

export type AppealStatusColumn =
  'draft' | 'submitted' | 'under_review' | 'accepted' | 'rejected' | 'reverted' | 'expired';

export interface AppealsTable {
  id: Generated<number>;
  organization_id: number;
  property_id: string;
  h3_index: string;
  product: string;
  feature_name: string | null;
  status: Generated<AppealStatusColumn>;
  manual_inputs: Json<Record<string, number | string | boolean>>;
  reason: Generated<string>;
  created_by: string | null;
  assignee_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deadline_at: Date;
  decided_at: Date | null;
  score_before: number | null;
  score_after: number | null;
  // Migration 1200 (issue 42).
  kind: Generated<'appeal' | 'mitigation'>;
  property_state: string | null;
  acknowledge_by: Date | null;
  decide_by: Date | null;
  rescore_by: Date | null;
  acknowledged_at: Date | null;
  rescored_at: Date | null;
  reminded_at: Date | null;
}

export interface AppealTimerSettingsTable {
  organization_id: number;
  state: string;
  acknowledge_days: number;
  decide_days: number;
  rescore_days: number;
  updated_at: Generated<Date>;
}

export interface NoticeTextsTable {
  organization_id: number;
  template: 'CO' | 'CA' | 'default';
  block: string;
  body: string;
  updated_at: Generated<Date>;
}

export interface AppealEvidenceTable {
  id: Generated<number>;
  appeal_id: number;
  organization_id: number;
  file_name: string;
  media_type: string;
  size_bytes: number;
  blob_key: string;
  uploaded_by: string | null;
  uploaded_at: Generated<Date>;
}

export interface AppealEventsTable {
  id: Generated<string>;
  appeal_id: number;
  organization_id: number;
  property_id: string;
  product: string;
  action: string;
  from_status: AppealStatusColumn | null;
  to_status: AppealStatusColumn;
  actor_id: string | null;
  actor_email: string | null;
  at: Generated<Date>;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface AppealScoreVersionsTable {
  id: Generated<number>;
  organization_id: number;
  property_id: string;
  product: string;
  version: number;
  appeal_id: number;
  score: number | null;
  risk_level: string;
  model_version: string;
  manual_inputs: Json<Record<string, number | string | boolean>>;
  result: Json<unknown>;
  published_by: string | null;
  published_at: Generated<Date>;
}

export interface AppealTables {
  appeal_settings: AppealSettingsTable;
  appeals: AppealsTable;
  appeal_evidence: AppealEvidenceTable;
  appeal_events: AppealEventsTable;
  appeal_score_versions: AppealScoreVersionsTable;
  appeal_timer_settings: AppealTimerSettingsTable;
  notice_texts: NoticeTextsTable;
}
