import type { RiskLevel } from '@aegis/contracts';

/**
 * The fill of each level on the heat maps and chips: green, amber, orange and red, light enough that
 * black text on them keeps well above 4.5:1 in either colour mode. The level's name is always written
 * beside or in it, so colour is never the only sign.
 */
export const LEVEL_FILL: Record<RiskLevel, string> = {
  low: '#a5d6a7',
  medium: '#ffe082',
  high: '#ffb74d',
  critical: '#ef9a9a',
};
/** The border of a level's chip, dark enough on paper (3:1 for graphics). */
export const LEVEL_EDGE: Record<RiskLevel, string> = {
  low: '#2e7d32',
  medium: '#8d6e00',
  high: '#b35900',
  critical: '#b71c1c',
};
export const LEVEL_TEXT = '#000';
