// npm run dev: the API in watch mode on :3001 and Vite with hot reload on :5173, proxying /api to it.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.API_PORT ?? '3001', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
});
const web = spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' });

const children = [api, web];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
}
