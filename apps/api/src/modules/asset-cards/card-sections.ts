import { ASSET_CARD_SECTIONS, type AssetCardType } from '@aegis/contracts';

/**
 * Other headings the same sections go by in cards people already write: the Hugging Face model and
 * dataset card templates (and the older ones still common on the Hub: "Intended uses & limitations",
 * "Considerations for Using the Data"…), Model Cards for Model Reporting and Datasheets for Datasets.
 * A section's own heading and key always match too.
 */
const ALIASES: Record<AssetCardType, Record<string, readonly string[]>> = {
  model: {
    intended_use: ['Uses', 'Direct Use', 'Intended Uses', 'Intended uses & limitations', 'Intended Use Cases', 'Use Cases'],
    out_of_scope_uses: ['Out-of-Scope Uses', 'Out of Scope Use', 'Misuse and Out-of-scope Use', 'Misuse, Malicious Use, and Out-of-Scope Use', 'Out-of-scope Use Cases'],
    architecture: ['Model Details', 'Model Description', 'Model Architecture and Objective', 'Architecture', 'Technical Specifications'],
    training_data: ['Training Details', 'Training and evaluation data', 'Training Dataset'],
    evaluation_results: ['Evaluation', 'Results', 'Evaluation Data', 'Metrics', 'Quantitative Analyses'],
    limitations: ['Bias Risks and Limitations', 'Limitations', 'Limitations and Bias', 'Risks and Limitations', 'Bias and Limitations', 'Caveats and Recommendations'],
    ethical_considerations: ['Ethics', 'Ethical considerations and risks', 'Ethics and Safety'],
  },
  dataset: {
    source_and_provenance: ['Data Sources', 'Source and Provenance', 'Provenance', 'Initial Data Collection and Normalization'],
    collection_method: ['Data Collection', 'Collection Process', 'Collection Method', 'Data Collection Process'],
    preprocessing: ['Data Preprocessing', 'Preprocessing/cleaning/labeling', 'Data Processing', 'Cleaning'],
    personal_data_notes: ['Personal Information', 'Personal Data', 'Personal and Sensitive Data', 'Privacy'],
    known_biases: ['Discussion of Biases', 'Known Biases', 'Known Limitations', 'Biases', 'Considerations for Using the Data', 'Limitations'],
  },
  ai_system: {
    purpose: ['Intended Use', 'Uses', 'System Purpose', 'Overview'],
    components: ['System Components', 'Architecture', 'Models and Data'],
    human_oversight: ['Oversight', 'Human in the Loop'],
    deployment: ['Deployment and Monitoring', 'Operations', 'Monitoring'],
    limitations: ['Bias, Risks, and Limitations', 'Known Limitations'],
  },
  software_component: {
    purpose: ['Overview', 'Description'],
    dependencies: ['Requirements'],
    security: ['Security Considerations', 'Vulnerabilities'],
  },
  third_party_service: {
    provider: ['Vendor', 'Supplier'],
    purpose: ['Overview', 'Intended Use', 'Uses'],
    data_processing: ['Data Handling', 'Data Protection', 'Privacy'],
    limitations: ['Known Limitations', 'Exit Plan'],
  },
};

/** A heading as compared: lower case, "[optional]" and punctuation dropped, "&" as "and", single spaces. */
export const headingKey = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/\[optional\]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const lookups = new Map<AssetCardType, Map<string, string>>();

/** The section key of a type a heading stands for, or undefined. */
export function sectionForHeading(type: AssetCardType, heading: string): string | undefined {
  let lookup = lookups.get(type);
  if (!lookup) {
    lookup = new Map();
    for (const section of ASSET_CARD_SECTIONS[type]) {
      for (const name of [section.heading, section.key, ...(ALIASES[type][section.key] ?? [])]) {
        if (!lookup.has(headingKey(name))) lookup.set(headingKey(name), section.key);
      }
    }
    lookups.set(type, lookup);
  }
  return lookup.get(headingKey(heading));
}
