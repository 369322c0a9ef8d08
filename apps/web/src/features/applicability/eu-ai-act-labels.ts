import type { EuAiActCategory, EuAiActRole } from '@aegis/contracts';

export const ROLE_LABELS: Record<EuAiActRole, string> = {
  provider: 'Provider',
  deployer: 'Deployer',
  importer: 'Importer',
  distributor: 'Distributor',
  authorised_representative: 'Authorised representative',
  product_manufacturer: 'Product manufacturer',
  gpai_provider: 'Provider of a general-purpose AI model',
};

/** The colour of a category's chip: what weighs most stands out most; the label always says it in words. */
export const CATEGORY_COLOURS: Record<EuAiActCategory, 'default' | 'error' | 'warning' | 'info' | 'secondary' | 'success'> = {
  out_of_scope: 'default',
  prohibited: 'error',
  high_risk: 'warning',
  transparency: 'info',
  gpai: 'secondary',
  gpai_systemic_risk: 'secondary',
  minimal_risk: 'success',
};
