/**
 * The discovery relevance set (issue 40): analyst questions over the default sample corpus (seed
 * 2026), each written from one filing's fields and paraphrased by hand (carriers, misspellings,
 * states by name or code, years, lines, perils, statuses, rate sizes), with a short keyword query
 * for the same filing. `facts` are what the question states: the expected filings are every filing
 * of the corpus with those facts (one at 3,000 filings, a few at 100,000), so the set stays right at
 * any corpus size. Every fourth case is held out: reported apart and never tuned on.
 */
export interface RelevanceFacts {
  /** The company, or (for a question naming a group) the group. */
  company?: string;
  group?: string;
  state: string;
  year?: number;
  line?: string;
  status?: string;
  type?: string;
  model?: string;
  /** A submission range the question states ("since 2024", "Q3 2023"), ISO dates. */
  from?: string;
  to?: string;
}
export interface RelevanceCase {
  question: string;
  keywords: string;
  facts: RelevanceFacts;
}

/** The kind words of the corpus's company names, so a case reads `Delta ${MUTUAL}`. */
export const MUTUAL = 'Mutual Insurance Company';
export const PC = 'Property & Casualty Insurance Company';
export const FIRE = 'Fire Insurance Company';
export const HOME = 'Home Insurance Company';
export const CASUALTY = 'Casualty Company';
export const INDEMNITY = 'Indemnity Company';
