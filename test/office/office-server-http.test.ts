import { afterEach, describe, expect, it } from 'vitest';
import { OFFICE_API } from '../../common/office/protocol.js';
import { OFFICE_JSON_BODY_LIMIT } from '../../main/server/office/office-server.js';
import { CLERK, startOfficeHarness, type OfficeHarness } from './office-server-harness.js';

let office: OfficeHarness | undefined;
afterEach(async () => {
  await office?.close();
  office = undefined;
});

describe("the office server's answers", () => {
  it('answers an unexpected failure with a bare 500, telling only the log the request line and the error', async () => {
    const logged: string[] = [];
    office = await startOfficeHarness({ log: (line) => logged.push(line) });
    office.app.get(`${OFFICE_API}/failing`, async () => {
      throw new Error('connection to 10.0.0.5 refused for user office_owner');
    });
    const reply = await office.app.inject({ method: 'GET', url: `${OFFICE_API}/failing?token=abc` });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ error: { code: 'internal', message: 'the office failed while handling the request' } });
    expect(reply.body).not.toContain('10.0.0.5');
    expect(logged).toEqual([`office: internal error on GET ${OFFICE_API}/failing: connection to 10.0.0.5 refused for user office_owner`]);
  });

  it('answers a path it does not have with not-found, and every answer with no-store', async () => {
    office = await startOfficeHarness();
    const session = await office.signIn(CLERK);
    const reply = await office.request('GET', '/nothing-here', session.token);
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.code).toBe('not-found');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('takes JSON up to 1 MB in general and larger on a push, and refuses other media types naming content-type', async () => {
    office = await startOfficeHarness();
    const session = await office.signIn(CLERK);
    const big = JSON.stringify({ user: CLERK.name, password: 'x'.repeat(OFFICE_JSON_BODY_LIMIT), desk: 'd' });
    const tooLarge = await office.app.inject({ method: 'POST', url: `${OFFICE_API}/sessions`, headers: { 'content-type': 'application/json' }, payload: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('too-large');

    // A 2 MB push gets past the size check to the push's own rules (here: no changes, and an unknown field).
    const push = await office.app.inject({
      method: 'POST',
      url: `${OFFICE_API}/push`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      payload: JSON.stringify({ changes: [], padding: 'x'.repeat(2 * OFFICE_JSON_BODY_LIMIT) }),
    });
    expect(push.statusCode).toBe(400);
    expect(push.json().error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['changes', 'padding']);

    const text = await office.app.inject({ method: 'POST', url: `${OFFICE_API}/sessions`, headers: { 'content-type': 'text/plain' }, payload: 'alice' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.fields).toEqual([{ field: 'content-type', message: expect.stringMatching(/application\/json/) }]);
  });
});
