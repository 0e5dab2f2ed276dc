import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#client/app/app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React DOM drew the first screen in slices of a few milliseconds. Preact, which runs
// the client in the browser (lib/react-on-preact.ts), draws it at once, in this script's task: its
// first render is small (a batch of 12 tiles, the top bar), and what follows comes in tasks of its own.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
