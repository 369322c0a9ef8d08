import { describe, expect, it } from 'vitest';
import { tokenScope } from './token-scope';

describe('tokenScope', () => {
  it('says the project and the rights a token is narrowed to', () => {
    expect(tokenScope({ project_id: 'p', project_name: 'Credit Scoring Model', rights: ['testing_logs:create'] })).toBe('Credit Scoring Model · testing_logs:create');
    expect(tokenScope({ project_id: null, project_name: null, rights: null })).toBe('All projects · all rights');
    expect(tokenScope({ project_id: null, project_name: null, rights: ['controls:read', 'risks:read'] })).toBe('All projects · controls:read, risks:read');
    expect(tokenScope({ project_id: 'p', project_name: 'Chatbot', rights: null })).toBe('Chatbot · all rights');
  });
});
