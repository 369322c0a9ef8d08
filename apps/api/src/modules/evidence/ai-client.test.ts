import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rerankWithModel, type RerankCandidate } from './ai-client';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** An OpenAI-compatible server over a real socket; each test says how it answers. */
let server: Server;
let baseUrl = '';
let handler: Handler = () => {};
const seen: { path: string; authorization?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(body) });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const chat = (content: string) => JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
const answer = (status: number, body: string) => (_request: IncomingMessage, _body: string, response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(body);
};

const control = { code: 'MFF-1.GOV.01', title: 'AI policy', objective: 'One approved AI policy.', guidance: 'Write it.' };
const candidates: RerankCandidate[] = [
  { id: 'E1', name: 'Minutes', fileName: 'minutes.md', passage: 'the «policy» was mentioned' },
  { id: 'E2', name: 'AI policy', fileName: 'ai-policy.pdf', passage: 'Acme «AI» «policy» approved by the board' },
];
const ai = () => ({ baseUrl, apiKey: 'sk-test', model: 'test-model' });

describe('rerankWithModel', () => {
  it('asks chat completions with the model and the key, and keeps the ranking of known candidates', async () => {
    handler = answer(200, chat('```json\n{"ranking":[{"id":"E2","relevance":0.92,"reason":"It is the approved AI policy."},{"id":"E9","relevance":1,"reason":"unknown"},{"id":"E2","relevance":0.1,"reason":"twice"},{"id":"E1","relevance":"0.2","reason":"Only mentions a policy."}]}\n```'));
    const outcome = await rerankWithModel(ai(), control, candidates);
    expect(outcome).toEqual({ ok: true, items: [{ id: 'E2', relevance: 0.92, reason: 'It is the approved AI policy.' }, { id: 'E1', relevance: 0.2, reason: 'Only mentions a policy.' }] });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(JSON.parse(request.body.messages[1]!.content)).toMatchObject({ control: { code: 'MFF-1.GOV.01' }, candidates: [{ id: 'E1' }, { id: 'E2' }] });
  });

  it('sends no authorization without a key', async () => {
    handler = answer(200, chat('{"ranking":[]}'));
    expect(await rerankWithModel({ ...ai(), apiKey: undefined }, control, candidates)).toEqual({ ok: true, items: [] });
    expect(seen.at(-1)!.authorization).toBeUndefined();
  });

  it.each([
    ['garbage', answer(200, 'this is not JSON at all'), /JSON/],
    ['a chat answer without the JSON asked for', answer(200, chat('I think E2 is best.')), /no JSON object/],
    ['JSON of another shape', answer(200, chat('{"best": "E2"}')), /did not answer the JSON ranking/],
    ['a relevance out of range', answer(200, chat('{"ranking":[{"id":"E2","relevance":7,"reason":"x"}]}')), /did not answer the JSON ranking/],
    ['only unknown ids', answer(200, chat('{"ranking":[{"id":"X","relevance":0.5,"reason":"x"}]}')), /none of the candidates/],
    ['an HTTP error', answer(500, '{"error":{"message":"overloaded"}}'), /HTTP 500/],
    ['a huge answer', answer(200, 'x'.repeat(2 * 1024 * 1024)), /larger than/],
  ])('falls back on %s', async (_what, respond, why) => {
    handler = respond;
    const outcome = await rerankWithModel(ai(), control, candidates);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.why).toMatch(why);
  });

  it('gives up when the model does not answer in time', async () => {
    handler = () => {}; // never answers
    const outcome = await rerankWithModel(ai(), control, candidates, 300);
    expect(outcome).toEqual({ ok: false, why: 'the model did not answer within 0.3 seconds' });
  });

  it('falls back when nothing listens', async () => {
    const outcome = await rerankWithModel({ ...ai(), baseUrl: 'http://127.0.0.1:1/v1' }, control, candidates);
    expect(outcome.ok).toBe(false);
  });
});
