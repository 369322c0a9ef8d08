import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ASSET_CARD_NATURES, ASSET_CARD_TYPES, LINEAGE_RELATIONS } from '@aegis/contracts';
import { evidences } from './evidence';
import { projectControls, workItemStatus } from './frameworks';
import { organizations } from './organizations';
import { projects } from './projects';
import { risks } from './risks';
import { users } from './users';

export const assetCardType = pgEnum('asset_card_type', ASSET_CARD_TYPES);
export const assetCardNature = pgEnum('asset_card_nature', ASSET_CARD_NATURES);
export const lineageRelation = pgEnum('asset_lineage_relation', LINEAGE_RELATIONS);

/**
 * An asset card of a project: a work item (status, people and tags in the shared work-item tables, item
 * type `asset_card`). Key facts and prose sections are JSON validated by the contracts; what an imported
 * card's front matter held beyond our fields stays in `extra_metadata` for the export.
 */
export const assetCards = pgTable(
  'asset_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: assetCardType('asset_card_type').notNull(),
    nature: assetCardNature('asset_card_nature').notNull(),
    description: text('description').notNull().default(''),
    version: text('version'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    facts: jsonb('facts').notNull().default(sql`'{}'::jsonb`),
    sections: jsonb('sections').notNull().default(sql`'{}'::jsonb`),
    extraMetadata: jsonb('extra_metadata').notNull().default(sql`'{}'::jsonb`),
    importedFrom: text('imported_from'),
    status: workItemStatus('status').notNull().default('ready'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    needsAttention: boolean('needs_attention').notNull().default(false),
    needsAttentionReason: text('needs_attention_reason'),
    outOfScopeJustification: text('out_of_scope_justification'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asset_cards_org_idx').on(t.organizationId),
    index('asset_cards_name_idx').on(t.projectId, sql`lower(${t.name})`),
    index('asset_cards_type_idx').on(t.projectId, t.type, t.nature),
    index('asset_cards_status_idx').on(t.projectId, t.status),
    index('asset_cards_updated_idx').on(t.projectId, t.updatedAt),
  ],
);

/** Lineage: `from` is upstream of `to` (a dataset a model was trained on, a model a system uses). Same project only. */
export const assetCardLineage = pgTable(
  'asset_card_lineage',
  {
    fromId: uuid('from_id').notNull().references(() => assetCards.id, { onDelete: 'cascade' }),
    toId: uuid('to_id').notNull().references(() => assetCards.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    relation: lineageRelation('relation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_card_lineage_key').on(t.fromId, t.toId),
    index('asset_card_lineage_to_idx').on(t.toId),
    index('asset_card_lineage_org_idx').on(t.organizationId, t.projectId),
    check('asset_card_lineage_not_self', sql`${t.fromId} <> ${t.toId}`),
  ],
);

/** A link from a card to a control, a risk or an evidence of its project (exactly one of the three). */
export const assetCardLinks = pgTable(
  'asset_card_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').notNull().references(() => assetCards.id, { onDelete: 'cascade' }),
    controlId: uuid('control_id').references(() => projectControls.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id').references(() => risks.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id').references(() => evidences.id, { onDelete: 'cascade' }),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_card_links_control_key').on(t.cardId, t.controlId).where(sql`${t.controlId} is not null`),
    uniqueIndex('asset_card_links_risk_key').on(t.cardId, t.riskId).where(sql`${t.riskId} is not null`),
    uniqueIndex('asset_card_links_evidence_key').on(t.cardId, t.evidenceId).where(sql`${t.evidenceId} is not null`),
    index('asset_card_links_control_idx').on(t.controlId).where(sql`${t.controlId} is not null`),
    index('asset_card_links_risk_idx').on(t.riskId).where(sql`${t.riskId} is not null`),
    index('asset_card_links_evidence_idx').on(t.evidenceId).where(sql`${t.evidenceId} is not null`),
    index('asset_card_links_org_idx').on(t.organizationId, t.projectId),
    check('asset_card_links_one_target', sql`num_nonnulls(${t.controlId}, ${t.riskId}, ${t.evidenceId}) = 1`),
  ],
);
