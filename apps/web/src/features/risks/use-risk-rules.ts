import { DEFAULT_RISK_APPETITE, DEFAULT_RISK_MATRIX, type RiskLevel, type RiskMatrix } from '@aegis/contracts';
import { useRiskSettings } from './api/get-risk-settings';

/**
 * The organization's matrix and appetite, for the levels a form shows while scores are chosen; the
 * product's defaults until they have loaded (the server levels what is saved either way).
 */
export function useRiskRules(organizationId: string | undefined): { matrix: RiskMatrix; appetite: RiskLevel } {
  const settings = useRiskSettings(organizationId);
  return { matrix: settings.data?.matrix ?? DEFAULT_RISK_MATRIX, appetite: settings.data?.appetite ?? DEFAULT_RISK_APPETITE };
}
