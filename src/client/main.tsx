import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#client/app/app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React draws the first screen in slices of a few milliseconds, so a phone is not
// blocked for the whole first render (its tiles, the top bar), and a tap meanwhile is answered.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
