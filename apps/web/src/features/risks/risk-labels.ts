import { IMPACT_LABELS, LIKELIHOOD_LABELS, RISK_CATEGORY_INFO, type RiskCategory, type RiskScore } from '@aegis/contracts';

/** "Likely (4) × Severe (5)": a pair of scores in words. */
export const scoresInWords = (likelihood: RiskScore, impact: RiskScore) => `${LIKELIHOOD_LABELS[likelihood]} (${likelihood}) × ${IMPACT_LABELS[impact]} (${impact})`;

/** "L4 × I5 = 20": a pair of scores in short, for the lists. */
export const scoresInShort = (likelihood: number, impact: number) => `L${likelihood} × I${impact} = ${likelihood * impact}`;

export const categoryLabel = (category: RiskCategory | null) => (category ? RISK_CATEGORY_INFO[category].label : 'Uncategorised');
