// First: React Aria's live announcer needs the Trusted Types policy before it loads.
import './trusted-types-policy.js';
import './zod-without-eval.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './styles.css';

// A file dropped anywhere but the drop zone must not make Chromium open it in
// place of the app (main also refuses the navigation; this avoids the attempt).
for (const type of ['dragover', 'drop'] as const) {
  window.addEventListener(type, (event) => event.preventDefault());
}

const root = createRoot(document.getElementById('root')!);
const bridge = window.filingDesk;
if (bridge) {
  root.render(
    <StrictMode>
      <App bridge={bridge} />
    </StrictMode>,
  );
} else {
  // Only when the page is opened outside Filing Desk (no preload, no host shim).
  root.render(
    <main className="content">
      <h1>Filing Desk</h1>
      <p role="alert">This page must be opened from the Filing Desk app.</p>
    </main>,
  );
}
