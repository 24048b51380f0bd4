/**
 * `cli ct600 submit` against a server that echoes the Government Gateway
 * password back in each form a secret takes in transit: what the command
 * prints (stdout and stderr) and every file it keeps hold it in none of them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PeerReplyContext } from '../../main/server/transaction-engine/peer-faults.js';
import { errorReplyXml } from '../../main/server/transaction-engine/peer-replies.js';
import { ECHOED_FORMS } from '../filing/echoed-secret-forms.js';
import { builtReturn, everyFileText, GATEWAY, held, startPeer } from '../filing/filing-support.js';
import { startCli } from './run-cli.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});



describe('cli ct600 submit with the password echoed back', () => {
  for (const [form, raw] of Object.entries(ECHOED_FORMS)) {
    it(`${form}: not on stdout, not on stderr, not in any file kept`, { timeout: 90_000 }, async () => {
      const started = await startPeer();
      peers.push(started.peer);
      const { peer, url } = started;
      const dir = mkdtempSync(join(tmpdir(), 'fd-cli-secret-'));
      const file = join(dir, 'return.xml');
      writeFileSync(file, builtReturn());
      const data = join(dir, 'data');
      const header = (c: PeerReplyContext) => ({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, at: new Date() });
      const withRaw = (xml: string) => xml.split('PLACEHOLDER').join(raw);
      peer.faults.add({ fault: { kind: 'reply', body: (c) => withRaw(errorReplyXml({ ...header(c), errors: [{ raisedBy: 'Gateway', number: '1000', type: 'fatal', text: 'You sent PLACEHOLDER' }] })) }, on: 'poll', times: 1 });
      peer.faults.add({
        fault: { kind: 'reply', body: (c) => withRaw(errorReplyXml({ ...header(c), errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'PLACEHOLDER' }], businessErrors: [{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: 'You sent PLACEHOLDER', location: 'PLACEHOLDER' }] })) },
        on: 'poll',
        times: 1,
      });
      const r = await startCli(['ct600', 'submit', file, '--environment', 'til', '--endpoint', `${url}/submission`, '--data', data], {
        env: { FILING_DESK_GATEWAY_USER_ID: GATEWAY.senderId, FILING_DESK_GATEWAY_PASSWORD: GATEWAY.password },
      }).done;
      expect(r.code, r.stderr).toBe(1);
      expect(JSON.parse(r.stdout).errors[0].text).toMatch(/^You sent (Basic |[\w-]{0,4})\[masked\]$/);
      const kept = everyFileText(data);
      expect(kept).toContain('[masked]');
      for (const text of [r.stdout, r.stderr, kept]) {
        expect(text).not.toContain(raw);
        expect(text).not.toContain(GATEWAY.password);
      }
    });
  }
});
