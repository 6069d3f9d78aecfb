import type { AgeAssuranceRules } from '../../../../server/src/compliance/age-assurance/age-assurance-schema.ts';
import { api } from '../../lib/api';

export type RuleInput = { jurisdiction: string; requirement: 'click' | 'provider' | 'blocked'; note: string };

export function saveAgeRule(rule: RuleInput): Promise<AgeAssuranceRules> {
  return api<AgeAssuranceRules>('/api/admin/age-assurance/rules', { method: 'PUT', body: rule });
}

export function removeAgeRule(jurisdiction: string): Promise<AgeAssuranceRules> {
  return api<AgeAssuranceRules>(`/api/admin/age-assurance/rules/${encodeURIComponent(jurisdiction)}`, { method: 'DELETE' });
}
