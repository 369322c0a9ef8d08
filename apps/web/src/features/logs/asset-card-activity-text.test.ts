import { describe, expect, it } from 'vitest';
import { buildActivityEntry as entry } from '../../testing/factories';
import { describeActivity } from './activity-text';
import { describeAssetCardAction } from './asset-card-activity-text';

const card = { object_type: 'asset_card', object_id: '0199a0b2-0000-7000-8000-000000000702' };
const label = 'Credit scoring model';
const noun = `asset card ${label}`;

describe('asset card activity in words', () => {
  it('says a card was created or imported, with its type, and deleted', () => {
    expect(describeActivity(entry({ ...card, action: 'created', after: { label, asset_card_type: 'model', imported_from: null } }))).toBe('Ada Lovelace created asset card Credit scoring model (model)');
    expect(describeActivity(entry({ ...card, action: 'created', after: { label, asset_card_type: 'ai_system', imported_from: 'README.md' } }))).toBe('Ada Lovelace imported asset card Credit scoring model (AI system) from README.md');
    expect(describeActivity(entry({ ...card, action: 'deleted', after: { label } }))).toBe('Ada Lovelace deleted asset card Credit scoring model');
  });

  it('names what an update changed: short values, the key facts and the sections by name', () => {
    const update = entry({
      ...card,
      action: 'updated',
      before: { asset_card_nature: 'in_house', owner_id: null, facts: { license: null, metrics: [], size: null } },
      after: { label, asset_card_nature: 'open_source', owner_id: 'u1', facts: { license: 'mit', metrics: [{ name: 'AUC', value: 0.9 }], size: null }, sections_changed: ['intended_use', 'limitations'] },
    });
    expect(describeAssetCardAction(update, noun)).toBe('changed asset card Credit scoring model: the nature to open source, the owner, the key facts licence and metrics and the sections intended use and limitations');
    expect(describeAssetCardAction(entry({ ...card, action: 'updated', before: {}, after: { label, sections_changed: ['training_data'] } }), noun)).toBe('changed asset card Credit scoring model: the section training data');
  });

  it('says what a card is built from, as changed, on both ends', () => {
    const lineage = entry({
      ...card,
      action: 'lineage_changed',
      before: { upstream: [{ card_id: 'd0', name: 'Old loans', relation: 'trained_on' }, { card_id: 'd2', name: 'Hold-out', relation: 'trained_on' }] },
      after: { label, upstream: [{ card_id: 'd1', name: 'Loan applications', relation: 'trained_on' }, { card_id: 'd2', name: 'Hold-out', relation: 'evaluated_on' }] },
    });
    expect(describeActivity(lineage)).toBe('Ada Lovelace changed what asset card Credit scoring model is built from: trained on “Loan applications”, evaluated on “Hold-out” (was trained on) and no longer trained on “Old loans”');
    const dataset = { ...card, object_id: 'd1' };
    expect(describeActivity(entry({ ...dataset, action: 'downstream_linked', after: { label: 'Loan applications', asset_card: label, relation: 'trained_on' } }))).toBe(
      'Ada Lovelace recorded that “Credit scoring model” is trained on asset card Loan applications',
    );
    expect(describeActivity(entry({ ...card, action: 'downstream_linked', after: { label, asset_card: 'Loan decision assistant', relation: 'uses' } }))).toBe(
      'Ada Lovelace recorded that “Loan decision assistant” uses asset card Credit scoring model',
    );
    expect(describeActivity(entry({ ...dataset, action: 'downstream_unlinked', after: { label: 'Loan applications', asset_card: label, relation: 'trained_on' } }))).toBe(
      'Ada Lovelace recorded that “Credit scoring model” is no longer built from asset card Loan applications',
    );
    expect(describeActivity(entry({ ...card, action: 'upstream_unlinked', after: { label, asset_card: 'Loan applications' } }))).toBe(
      'Ada Lovelace recorded that asset card Credit scoring model is no longer built from “Loan applications”, which was deleted',
    );
  });

  it('says a card linked to a control, a risk or evidence, on either end', () => {
    expect(describeActivity(entry({ ...card, action: 'control_linked', after: { label, control: 'MFF-1.DAT.02 Data quality' } }))).toBe('Ada Lovelace linked MFF-1.DAT.02 Data quality to asset card Credit scoring model');
    expect(describeActivity(entry({ ...card, action: 'evidence_linked', after: { label, evidence: 'Model card v3' } }))).toBe('Ada Lovelace linked evidence “Model card v3” to asset card Credit scoring model');
    const risk = { object_type: 'risk', object_id: 'r1' };
    expect(describeActivity(entry({ ...risk, action: 'asset_card_linked', after: { label: 'R-1 Biased outcomes', asset_card: label } }))).toBe('Ada Lovelace linked asset card “Credit scoring model” to risk R-1 Biased outcomes');
    expect(describeActivity(entry({ ...risk, action: 'asset_card_unlinked', after: { label: 'R-1 Biased outcomes', asset_card: label } }))).toBe('Ada Lovelace unlinked asset card “Credit scoring model” from risk R-1 Biased outcomes');
  });
});
