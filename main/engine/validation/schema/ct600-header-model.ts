/** CT-2014 IRheader and the contact/address structures it shares with the return. */
import { CT } from './ct-types.js';
import { attr, element, opt, req, seq, UNBOUNDED, type ElementDecl } from './model.js';

const telephone = (name: string): ElementDecl =>
  element(name, 0, UNBOUNDED, seq(req('Number', CT.phoneNumber), opt('Extension', CT.phoneExtension)), {
    attributes: [attr('Type', CT.workHome), attr('Mobile', CT.yesNo), attr('Preferred', CT.yesNo)],
  });

/** CT_ContactDetailsStructure. */
export const contactDetails = () =>
  seq(
    opt('Name', seq(opt('Ttl', CT.nameTitle), element('Fore', 1, 2, CT.foreName), req('Sur', CT.surname))),
    element('Email', 0, UNBOUNDED, CT.email, { attributes: [attr('Type', CT.workHome), attr('Preferred', CT.yesNo)] }),
    telephone('Telephone'),
    telephone('Fax'),
  );

/** CTaddressStructure. */
export const address = () =>
  seq(element('Line', 2, 3, CT.addressLine), opt('AdditionalLine', CT.additionalAddressLine), opt('PostCode', CT.postCode));

export function irheader(): ElementDecl {
  return req(
    'IRheader',
    seq(
      opt('Keys', seq(element('Key', 1, UNBOUNDED, CT.headerString, { attributes: [attr('Type', CT.headerString)] }))),
      req('PeriodEnd', CT.date),
      opt('Principal', seq(req('Contact', contactDetails()))),
      opt(
        'Agent',
        seq(
          opt('AgentID', CT.headerString35),
          opt('Company', CT.headerString35),
          opt('Address', seq(element('Line', 1, 4, CT.agentAddressLine), opt('PostCode', CT.agentPostCode), opt('Country', CT.agentAddressLine))),
          opt('Contact', contactDetails()),
        ),
      ),
      opt('DefaultCurrency', CT.gbp),
      opt(
        'Manifest',
        seq(
          req(
            'Contains',
            seq(element('Reference', 1, UNBOUNDED, seq(req('Namespace', CT.anyURI), req('SchemaVersion', CT.schemaVersion), req('TopElementName', CT.ncName)))),
          ),
        ),
      ),
      opt('IRmark', { describe: 'the IRmark', primitive: 'string' }, { attributes: [attr('Type', CT.irmarkType, true)] }),
      req('Sender', CT.sender),
    ),
  );
}
