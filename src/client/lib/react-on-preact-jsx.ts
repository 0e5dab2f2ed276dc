// What `react/jsx-runtime` and `react/jsx-dev-runtime` resolve to in the browser (vite.config.ts):
// Preact's, after react-on-preact.ts has set its hooks, so no element is made without them.
import '#client/lib/react-on-preact.ts';

export { Fragment, jsx, jsxs, jsxDEV } from 'preact/jsx-runtime';
