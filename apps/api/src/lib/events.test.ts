import { describe, expect, it } from 'vitest';
import { createEventHub } from './events';

describe('the event hub', () => {
  it('runs beforeDispatch before any subscriber hears an event, so a refresh never reads what the event replaced', async () => {
    let deliver: (payload: string) => void = () => {};
    const database = {
      listen: async (_channel: string, onMessage: (payload: string) => void) => {
        deliver = onMessage;
        return { stop: async () => {}, sync: async () => {}, ownWritesHeard: true };
      },
    };
    const order: string[] = [];
    const hub = createEventHub(database, { beforeDispatch: () => order.push('cache dropped') });
    await hub.subscribe('u1', (event) => order.push(`heard ${event.type}`));
    deliver(JSON.stringify({ type: 'changed', user_ids: ['u1'], organization_id: 'o', project_id: 'p', concept: 'control', object_id: 'c' }));
    deliver('not json');
    expect(order).toEqual(['cache dropped', 'heard changed']);
    await hub.close();
  });
});
