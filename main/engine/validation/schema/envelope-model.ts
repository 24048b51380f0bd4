/**
 * GovTalk envelope 2.0-HMRC (envelope-v2-0-HMRC.xsd) as an element model.
 * Body is a lax wildcard in the envelope schema; for a CT600 return we
 * require the one IRenvelope it must carry, checked against the CT model.
 */
import { CT } from './ct-types.js';
import { attr, choice, element, inNamespace, opaque, opt, req, seq, UNBOUNDED, wildcard, type ElementDecl } from './model.js';
import { pattern, type SimpleType } from './simple-types.js';
import { irenvelope } from './ct600-model.js';
import type { SchemaEdition } from './schema-versions.js';

export const GOVTALK_NS = 'http://www.govtalk.gov.uk/CM/envelope';
export const CT_NS = 'http://www.govtalk.gov.uk/taxation/CT/5';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

const UNICODE_NAME = pattern('[\\p{L}\\p{Nd}_\\-\\(\\)\\{\\}]*', '[\\p{L}\\p{Nd}_\\-(){}]*', 'u');
const text: SimpleType = { describe: 'text', primitive: 'string' };
const token: SimpleType = { describe: 'text', primitive: 'token' };
const hex32 = (describe: string): SimpleType => ({
  describe,
  primitive: 'string',
  minLength: 0,
  maxLength: 32,
  patterns: [pattern('[0-9A-F]{0,32}')],
});
const oneOf = (describe: string, values: string[]): SimpleType => ({ describe, primitive: 'string', enumeration: values });

const messageDetails = req(
  'MessageDetails',
  seq(
    req('Class', { describe: 'a message class of 4 to 32 letters, digits, _ - ( ) { }', primitive: 'string', minLength: 4, maxLength: 32, patterns: [UNICODE_NAME] }),
    req('Qualifier', oneOf('a qualifier', ['request', 'acknowledgement', 'response', 'poll', 'error'])),
    opt('Function', oneOf('a function', ['list', 'read', 'delete', 'add', 'submit'])),
    opt('TransactionID', hex32('up to 32 upper-case hexadecimal characters')),
    opt('AuditID', hex32('up to 32 upper-case hexadecimal characters')),
    opt('CorrelationID', hex32('up to 32 upper-case hexadecimal characters')),
    opt('ResponseEndPoint', text, { attributes: [attr('PollInterval', CT.integer)] }),
    opt('Transformation', oneOf('a transformation', ['XML', 'HTML', 'text'])),
    opt('GatewayTest', CT.integer),
    opt('GatewayTimestamp', { describe: 'a date and time', primitive: 'dateTime' }),
  ),
);

const signature = element('Signature', 1, 1, opaque('an XML signature is not checked by the local structure check', 'info'));
signature.ns = DSIG_NS;

const senderDetails = opt(
  'SenderDetails',
  seq(
    opt(
      'IDAuthentication',
      seq(
        opt('SenderID', text),
        element(
          'Authentication',
          1,
          UNBOUNDED,
          seq(
            req('Method', oneOf('an authentication method', ['clear', 'MD5', 'W3Csigned'])),
            opt('Role', text),
            choice(req('Value', text), signature),
          ),
        ),
      ),
    ),
    opt('X509Certificate', CT.base64),
    opt('EmailAddress', {
      describe: 'an e-mail address',
      primitive: 'string',
      minLength: 3,
      maxLength: 129,
      patterns: [pattern('[A-Za-z0-9\\.\\-_]{1,64}@[A-Za-z0-9\\.\\-_]{1,64}', '[A-Za-z0-9.\\-_]{1,64}@[A-Za-z0-9.\\-_]{1,64}')],
    }),
  ),
);

const unicodeName: SimpleType = { describe: 'a name of letters, digits, _ - ( ) { }', primitive: 'string', patterns: [UNICODE_NAME] };

const govTalkDetails = req(
  'GovTalkDetails',
  seq(
    opt('Keys', seq(element('Key', 0, UNBOUNDED, token, { attributes: [attr('Type', unicodeName, true)] }))),
    opt('TargetDetails', seq(element('Organisation', 0, UNBOUNDED, { describe: '1 to 64 characters', primitive: 'string', minLength: 1, maxLength: 64 }))),
    opt('GatewayValidation', seq(req('Processed', oneOf('"yes" or "no"', ['no', 'yes'])), req('Result', oneOf('"pass" or "fail"', ['pass', 'fail'])))),
    element(
      'ChannelRouting',
      0,
      UNBOUNDED,
      seq(
        req('Channel', seq(choice(req('URI', CT.anyURI), req('Name', text)), opt('Product', text), opt('Version', text))),
        element('ID', 0, UNBOUNDED, text, { attributes: [attr('Type', text, true)] }),
        opt('Timestamp', { describe: 'a date and time', primitive: 'dateTime' }),
      ),
    ),
    opt(
      'GovTalkErrors',
      seq(
        element(
          'Error',
          1,
          UNBOUNDED,
          seq(
            req('RaisedBy', text),
            opt('Number', CT.integer),
            req('Type', oneOf('an error type', ['fatal', 'recoverable', 'business', 'warning'])),
            element('Text', 0, UNBOUNDED, text),
            element('Location', 0, UNBOUNDED, text),
          ),
        ),
      ),
    ),
    opt('GatewayAdditions', wildcard({ not: GOVTALK_NS }, 1, 1, [], true)),
  ),
);

const models = new Map<SchemaEdition, ElementDecl>();

/** The whole message: GovTalkMessage with a Body holding one CT IRenvelope of the edition. Built once per edition. */
export function govTalkMessageModel(edition: SchemaEdition): ElementDecl {
  let model = models.get(edition);
  if (!model) {
    const body = req('Body', seq(inNamespace(irenvelope(edition), CT_NS)));
    const root = req('GovTalkMessage', seq(req('EnvelopeVersion', text), req('Header', seq(messageDetails, senderDetails)), govTalkDetails, body));
    model = inNamespace(root, GOVTALK_NS);
    models.set(edition, model);
  }
  return model;
}
