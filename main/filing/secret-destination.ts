/**
 * Where a filing secret may be sent: both gateways take their secrets inside
 * the message (HMRC's Government Gateway password in clear, Companies
 * House's authentication code as typed), protected only by TLS. So a secret
 * goes only over https to the gateway's own hosts, or to this computer (a
 * test gateway on a loopback address). One rule for both, each gateway
 * naming its hosts and its words for what is refused.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Undefined when the address may carry the secrets; else the reason, said before any request. */
export function secretDestinationProblem(address: string, allowedHosts: readonly string[], refusal: (url: URL) => string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `"${address.slice(0, 200)}" is not a web address`;
  }
  if (url.username || url.password) return 'the address must not carry a user name or password; credentials go in the message';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `the address must be https (or http to this computer), not ${url.protocol}`;
  if (isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === 'https:' && allowedHosts.includes(url.hostname.toLowerCase())) return undefined;
  return refusal(url);
}
