import { AppError } from '../../lib/errors';
import { controlReviewConcept } from '../controls/control-review-concept';
import type { ReviewConcept } from './review-concept';

/** Every concept that can be reviewed; a feature adds its concept here. */
const CONCEPTS: readonly ReviewConcept[] = [controlReviewConcept];

const byName = new Map(CONCEPTS.map((concept) => [concept.name, concept]));

export function conceptOrThrow(name: string): ReviewConcept {
  const concept = byName.get(name);
  if (!concept) throw new AppError(404, `Unknown review concept ${name}: known concepts are ${[...byName.keys()].join(', ')}`, 'unknown_concept');
  return concept;
}

export const reviewConcepts = () => [...byName.values()];
