/**
 * The built accounts as they read: the document's headings, paragraphs and
 * tables drawn as React elements from the plain data main sent (no markup,
 * no script, no style of the document reaches the page, so the window's
 * Content-Security-Policy and Trusted Types stay as they are).
 */
import { createElement, type ReactNode } from 'react';
import type { AccountsPreview as Preview, AccountsPreviewNode } from '../../../../preload/contract.js';

function draw(node: AccountsPreviewNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  // The document's own headings sit under the preview's heading (level 3): h1 → h4 and so on, no level skipped upwards.
  const tag = /^h[1-4]$/.test(node.tag) ? (`h${Math.min(6, Number(node.tag[1]) + 3)}` as const) : node.tag;
  const props: Record<string, unknown> = { key };
  if (node.numeric) props.className = 'numeric';
  if (node.colSpan) props.colSpan = node.colSpan;
  if (tag === 'br') return createElement('br', props);
  return createElement(tag, props, ...node.children.map(draw));
}

export function AccountsPreview({ preview }: { preview: Preview }) {
  return (
    <section className="accounts-preview" aria-labelledby="accounts-preview-heading" data-testid="accounts-preview">
      <h3 id="accounts-preview-heading">The accounts as they read ({preview.fileName})</h3>
      <div className="accounts-preview__page">{preview.nodes.map(draw)}</div>
    </section>
  );
}
