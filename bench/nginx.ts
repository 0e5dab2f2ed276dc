import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './server-process.ts';

const NGINX = '/usr/sbin/nginx';

/** Debian's nginx: installed here when missing (the bench runs as root on the bench machine). */
export function ensureNginx(log: (line: string) => void): string {
  if (fs.existsSync(NGINX)) return NGINX;
  log("Installing nginx from Debian's packages…");
  const install = (name: string) => execFileSync('apt-get', ['install', '-y', '--no-install-recommends', name], { stdio: 'ignore' });
  try {
    install('nginx-light');
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    try {
      install('nginx-light');
    } catch {
      install('nginx');
    }
  }
  if (!fs.existsSync(NGINX)) throw new Error('nginx could not be installed');
  return NGINX;
}

export interface RunningNginx {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground on a loopback port, serving `root` as it is, with its own config, pid
 * and logs under `workDir`. One worker, as the Node server is one process; no access log, as
 * the server writes none at the bench's log level. It answers ETag and If-None-Match itself.
 */
export async function startNginx(root: string, workDir: string): Promise<RunningNginx> {
  const nginx = ensureNginx(() => {});
  const port = await freePort();
  fs.mkdirSync(path.join(workDir, 'temp'), { recursive: true });
  const config = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(
    config,
    [
      'daemon off;',
      // As root, nginx's workers would otherwise run as nobody and be refused the temp folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${path.join(workDir, 'nginx.pid')};`,
      `error_log ${path.join(workDir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  types { application/json json; text/html html; image/webp webp; }',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  keepalive_requests 1000000;',
      `  client_body_temp_path ${path.join(workDir, 'temp')};`,
      `  proxy_temp_path ${path.join(workDir, 'temp')};`,
      `  fastcgi_temp_path ${path.join(workDir, 'temp')};`,
      `  uwsgi_temp_path ${path.join(workDir, 'temp')};`,
      `  scgi_temp_path ${path.join(workDir, 'temp')};`,
      `  server { listen 127.0.0.1:${port}; root ${root}; }`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-c', config, '-p', workDir, '-e', path.join(workDir, 'error.log')], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) {
      const errors = fs.existsSync(path.join(workDir, 'error.log')) ? fs.readFileSync(path.join(workDir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    }
    try {
      await fetch(baseUrl);
      break;
    } catch {
      // not listening yet
    }
    if (attempt > 100) throw new Error('nginx did not start within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // QUIT: finish the requests in flight, then exit, workers included.
        child.kill('SIGQUIT');
      }),
  };
}
