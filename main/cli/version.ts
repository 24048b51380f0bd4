/** The product and version the command line prints and tags in what it writes. */
import { readFileSync } from 'node:fs';

/** Set by the CLI bundle's build (scripts/build-cli.mjs) from package.json; absent when run from source. */
declare const __FILING_DESK_VERSION__: string | undefined;

export function productAndVersion(): { product: string; version: string } {
  if (typeof __FILING_DESK_VERSION__ === 'string') {
    const at = __FILING_DESK_VERSION__.lastIndexOf(' ');
    return { product: __FILING_DESK_VERSION__.slice(0, at), version: __FILING_DESK_VERSION__.slice(at + 1) };
  }
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { productName: string; version: string };
  return { product: pkg.productName, version: pkg.version };
}

export function version(): string {
  const { product, version: v } = productAndVersion();
  return `${product} ${v}`;
}
