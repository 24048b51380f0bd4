import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './styles.css';

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
