import { describe, expect, it } from 'vitest';
import { EVIDENCE_SCORE_PASS } from '@aegis/contracts';
import { scoreOf } from './scoring';

describe('scoreOf', () => {
  it('passes from EVIDENCE_SCORE_PASS, fails below, with the passage or why none', () => {
    expect(scoreOf({ textStatus: 'extracted', textError: null, relevance: EVIDENCE_SCORE_PASS, passage: 'an «AI» «policy»' })).toEqual({ score: EVIDENCE_SCORE_PASS, result: 'passed', reason: 'an «AI» «policy»' });
    expect(scoreOf({ textStatus: 'extracted', textError: null, relevance: 0.499, passage: 'a «policy»' })).toMatchObject({ result: 'failed' });
    expect(scoreOf({ textStatus: 'extracted', textError: null, relevance: undefined, passage: null })).toEqual({ score: 0, result: 'failed', reason: 'None of the control’s terms appear in the file' });
  });

  it('is an error without text (with the reason), and nothing yet while the text is read', () => {
    expect(scoreOf({ textStatus: 'failed', textError: 'The PDF is encrypted with a password; its text cannot be read', relevance: undefined, passage: null })).toEqual({
      score: null,
      result: 'error',
      reason: 'The file has no text to score: The PDF is encrypted with a password; its text cannot be read',
    });
    expect(scoreOf({ textStatus: 'unsupported', textError: null, relevance: undefined, passage: null })).toMatchObject({ result: 'error', reason: 'The file has no text to score: No text to search' });
    expect(scoreOf({ textStatus: 'pending', textError: null, relevance: undefined, passage: null })).toEqual({ score: null, result: null, reason: null });
  });
});
