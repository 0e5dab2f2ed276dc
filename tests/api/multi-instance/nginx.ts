import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '#tests/api/support/wait.ts';

/** A port free right now on loopback (the OS picks it, then it is released for the caller). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function nginxBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!found) throw new Error("nginx is missing: install Debian's package (apt-get install -y nginx-light), as .ci/run does");
  return found;
}

/**
 * The `proxy_set_header` lines of the `location /` of docs/deploy.md's nginx blocks (0: one
 * instance, 1: several), so the tests run behind exactly what the guide tells people to write.
 */
export function documentedProxyHeaders(block: 0 | 1): string[] {
  const guide = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'docs', 'deploy.md'), 'utf8');
  const blocks = [...guide.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const lines = (blocks[block] ?? '').split('\n').map((line) => line.trim()).filter((line) => line.startsWith('proxy_set_header '));
  if (lines.length === 0) throw new Error(`docs/deploy.md has no nginx block ${block} with proxy_set_header lines`);
  return lines;
}

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

/**
 * Debian's nginx as a round-robin load balancer in front of `upstreams`, as docs/deploy.md sets
 * one up: its proxy_set_header lines (Host, X-Forwarded-*, a request id made per request), no
 * retry of a request on another instance. Every answer names the instance in `X-Upstream`.
 */
export async function startNginx(upstreams: number[], headers: string[] = documentedProxyHeaders(1)): Promise<LoadBalancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-nginx-'));
  const port = await freePort();
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 0;
  upstream atelier {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://atelier;
      proxy_next_upstream off;
${headers.map((line) => `      ${line}`).join('\n')}
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(nginxBinary(), ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
        return fetch(`${url}/healthz`).then((response) => response.ok, () => false);
      },
      'nginx in front of the instances',
      15_000,
    );
  } catch (error) {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async close() {
      // SIGQUIT: nginx's graceful stop.
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
