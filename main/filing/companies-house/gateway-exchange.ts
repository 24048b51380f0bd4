/**
 * One exchange with Companies House's gateway, and what the filing keeps of
 * it: the answer read (gateway-answers.ts) or what went wrong in words; the
 * record's log entry with every secret masked (the presenter ID and code,
 * the company authentication code, and their MD5 digests, in every form
 * secret-mask.ts knows) and the reply cut to the log's limit. Never throws
 * for what the network or the gateway does.
 */
import { secretMask, type SecretMask } from '../../log/secret-mask.js';
import { clip, MAX_LOG_XML_CHARS, MAX_PROBLEM_CHARS } from '../protocol-rules.js';
import { TransportError, type GatewayTransport } from '../transport.js';
import { AnswerFormatError, readGatewayAnswer, type GatewayAnswer } from './gateway-answers.js';
import type { FilingLogEntry, FilingRecord } from './filing-record.js';
import { secretValues, type FilingSecrets } from './presenter-secrets.js';

export type Exchange = { answer: GatewayAnswer; xml: string } | { problem: string };

/** The most log entries a record keeps: the first two (the submission and its answer) and the newest. */
const MAX_LOG_ENTRIES = 1900;

export class GatewayExchange {
  private mask: SecretMask = secretMask([], '[masked]');
  private readonly known: string[] = [];

  constructor(private readonly transport: GatewayTransport) {}

  /** From now on these secrets (and their digests) are masked in whatever is kept or reported. */
  learn(secrets: Partial<FilingSecrets>): void {
    const fresh = secretValues(secrets).filter((v) => !this.known.includes(v));
    if (fresh.length === 0) return;
    this.known.push(...fresh);
    this.mask = secretMask(this.known, '[masked]');
  }

  masked(text: string): string {
    return this.mask.text(text);
  }

  async post(url: string, message: Buffer): Promise<Exchange> {
    try {
      const reply = await this.transport.post(url, message);
      if (reply.status >= 500) return { problem: `Companies House's gateway answered HTTP ${reply.status}` };
      try {
        return { answer: readGatewayAnswer(reply.body), xml: reply.body.toString('utf8') };
      } catch (err) {
        const why = err instanceof AnswerFormatError ? err.message : 'it could not be read';
        return { problem: this.masked(`the gateway's answer (HTTP ${reply.status}) is not a GovTalk reply: ${clip(why, 500)}`) };
      }
    } catch (err) {
      if (err instanceof TransportError) return { problem: `no answer from Companies House: ${err.message}` };
      throw err;
    }
  }

  /** The record with one more log entry, masked and cut. */
  log(record: FilingRecord, entry: Omit<FilingLogEntry, 'at'>, at: string): FilingRecord {
    const kept: FilingLogEntry = { at, direction: entry.direction, what: clip(this.masked(entry.what), 300), ...(entry.xml !== undefined ? { xml: clip(this.masked(entry.xml), MAX_LOG_XML_CHARS) } : {}) };
    const log = [...record.log, kept];
    if (log.length > MAX_LOG_ENTRIES) log.splice(2, log.length - MAX_LOG_ENTRIES);
    return { ...record, log };
  }

  /** What an exchange leaves in the record: the answer's text, or the problem as the last one. */
  note(record: FilingRecord, what: string, ex: Exchange, at: string): FilingRecord {
    if ('problem' in ex) return this.log({ ...record, lastProblem: clip(this.masked(ex.problem), MAX_PROBLEM_CHARS) }, { direction: 'note', what: ex.problem }, at);
    return this.log(record, { direction: 'received', what: `${what}: ${ex.answer.qualifier}`, xml: ex.xml }, at);
  }

  /** Every string of the record but the document masked: a record never keeps a secret, whatever a server echoed. */
  fitted(record: FilingRecord): FilingRecord {
    const { document, log, ...rest } = record;
    return { ...this.mask.value(rest), document, log };
  }
}
