import type { ValidationJobResult, ValidationMessage } from '../../../../preload/contract.js';

function attribute(message: ValidationMessage, name: string): string | undefined {
  return message.attributes.find((a) => a.name === name)?.value;
}

/** A report package's validation: valid, or each message with its official code and the entry it concerns. */
export function PackageVerdict({ result }: { result: ValidationJobResult }) {
  const messages = result.validations.flatMap((v) => v.messages);
  const valid = result.validations.length > 0 && result.validations.every((v) => v.validationResult === 'valid');
  const problems = messages.filter((m) => m.category === 'error').length;
  return (
    <div className={`verdict ${valid ? 'verdict--good' : 'verdict--bad'}`}>
      <h3 className="verdict__headline">
        <span className="verdict__badge" aria-hidden="true">{valid ? '✓' : '!'}</span>
        {valid ? 'Package is valid' : 'Package is not valid'}
      </h3>
      <p>
        {valid
          ? 'The package follows the XBRL report package rules.'
          : `${problems} ${problems === 1 ? 'problem' : 'problems'} found. Each is listed with its official code.`}
      </p>
      {messages.length > 0 && (
        <table className="messages">
          <caption className="visually-hidden">Validation messages</caption>
          <thead>
            <tr>
              <th scope="col">Severity</th>
              <th scope="col">Code</th>
              <th scope="col">Entry</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m, i) => (
              <tr key={i} className={`messages__row messages__row--${m.category}`}>
                <td>{m.category}</td>
                <td><code>{m.code}</code></td>
                <td>{attribute(m, 'entry') ?? attribute(m, 'path') ?? '—'}</td>
                <td>{m.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
