/**
 * Two cards shaped like the ones on the Hugging Face Hub (the model and dataset card templates, with the
 * front matter fine-tuning scripts and dataset authors write), for the tests of the import and export:
 * card-markdown.test.ts and test/asset-cards-import.test.ts. Not used by the product.
 */

/** A fine-tuned text classifier's card: model-index results, base model, datasets, the template's sections, and some it has no place for. */
export const SAMPLE_MODEL_CARD = `---
language:
- en
- fr
license: apache-2.0
library_name: transformers
tags:
- text-classification
- finance
- generated_from_trainer
datasets:
- loan-intent-2023
- banking77
metrics:
- accuracy
- f1
base_model: distilbert/distilbert-base-uncased
pipeline_tag: text-classification
widget:
- text: "I would like to borrow 15,000 euros to buy a car."
  example_title: Car loan
model-index:
- name: distilbert-loan-intent
  results:
  - task:
      type: text-classification
      name: Text Classification
    dataset:
      name: loan-intent-2023
      type: acme/loan-intent-2023
      split: test
    metrics:
    - type: accuracy
      value: 0.912
      name: Accuracy
    - type: f1
      value: 0.897
      name: F1 (macro)
      verified: false
  - task:
      type: text-classification
    dataset:
      name: banking77
      type: PolyAI/banking77
    metrics:
    - type: accuracy
      value: 0.88
      name: Accuracy
---

# Model Card for distilbert-loan-intent

<!-- Provide a quick summary of what the model is/does. -->

This model classifies the purpose of a consumer loan request (car, home improvement, debt consolidation…) from
the free text an applicant writes, so that the application reaches the right underwriting queue.

## Model Details

### Model Description

A DistilBERT model fine-tuned for sequence classification with 12 labels.

- **Developed by:** Acme Bank, Credit Analytics
- **Model type:** Transformer encoder (66 M parameters)
- **Language(s) (NLP):** English, French
- **License:** apache-2.0
- **Finetuned from model:** distilbert/distilbert-base-uncased

### Model Sources

- **Repository:** https://git.example.com/credit/loan-intent

## Uses

### Direct Use

Routing written loan requests to the right queue. A person reviews every routed application.

### Downstream Use

The predicted purpose is one input of the affordability check.

### Out-of-Scope Use

Deciding whether to grant credit. Texts in languages other than English and French.

## Bias, Risks, and Limitations

Short or very informal texts are classified less accurately. Requests written by non-native speakers were
under-represented in the training data.

### Recommendations

Route low-confidence predictions (below 0.6) to manual triage.

## How to Get Started with the Model

\`\`\`python
from transformers import pipeline

# The pipeline downloads the model on first use.
classifier = pipeline("text-classification", model="acme/distilbert-loan-intent")
## not a heading: inside the code block
classifier("I need money for a new kitchen")
\`\`\`

## Training Details

### Training Data

loan-intent-2023 (48,000 labelled requests, 2019–2023) and banking77 for pre-training the head.

### Training Procedure

#### Training Hyperparameters

- learning_rate: 2e-05
- train_batch_size: 32
- num_epochs: 3

## Evaluation

### Testing Data, Factors & Metrics

The 2023 holdout of loan-intent-2023, per language.

### Results

| Language | Accuracy |
|---|---|
| en | 0.921 |
| fr | 0.889 |

## Environmental Impact

- **Hardware Type:** 1 × A10G
- **Hours used:** 2

## Citation

\`\`\`bibtex
@misc{acme2024loanintent,
  title = {Loan intent classification},
  year = {2024}
}
\`\`\`
`;

/** A tabular dataset's card: the dataset-card front matter keys, configs, and the template's nested sections. */
export const SAMPLE_DATASET_CARD = `---
annotations_creators:
- expert-generated
language_creators:
- found
language:
- en
license: cc-by-nc-4.0
multilinguality:
- monolingual
pretty_name: Loan Applications 2019-2024
size_categories:
- 1M<n<10M
source_datasets:
- original
task_categories:
- tabular-classification
task_ids:
- tabular-multi-class-classification
configs:
- config_name: default
  data_files:
  - split: train
    path: data/train-*
dataset_info:
  features:
  - name: income
    dtype: float64
  - name: outcome
    dtype:
      class_label:
        names:
          '0': refused
          '1': granted
  splits:
  - name: train
    num_bytes: 412000000
    num_examples: 1200000
---

# Dataset Card for Loan Applications 2019-2024

Every consumer loan application received from 2019 to mid-2024, with the applicant's declared data, the
bureau score and the final decision.

## Dataset Details

### Dataset Description

- **Curated by:** Acme Bank, Credit Analytics
- **License:** cc-by-nc-4.0

### Dataset Sources

- **Repository:** internal data warehouse, schema \`credit.applications\`

## Uses

### Direct Use

Training and validating credit scoring models.

### Out-of-Scope Use

Marketing, or any use outside credit decisions.

## Dataset Structure

One row per application; 42 columns.

## Dataset Creation

### Curation Rationale

A single, documented source for every credit model.

### Source Data

Exports of the core banking system and the credit bureau's answers.

#### Data Collection and Processing

Nightly extracts since January 2019; duplicates (resubmitted applications) removed.

#### Who are the source data producers?

Applicants (declared data) and the credit bureau.

#### Personal and Sensitive Information

Income, employment and family situation; names and addresses removed, customer ids pseudonymised.

## Bias, Risks, and Limitations

Applicants refused before 2021 by the old rule engine have no outcome: the data under-represents thin files.

## Citation

Internal dataset; cite as "Acme Bank loan applications, version 2024.2".
`;
