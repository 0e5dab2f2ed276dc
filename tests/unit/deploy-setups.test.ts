import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxBinary } from '#tests/api/multi-instance/nginx.ts';

/**
 * The set-ups docs/deploy.md and compose.yaml give are safe as written: wherever a proxy is
 * trusted by a count, only the proxy reaches the port (else a client sends a new X-Forwarded-For
 * each time and gets past every per-address limit), and the nginx blocks load in Debian 12's nginx.
 */

const root = path.join(import.meta.dirname, '..', '..');
const guide = fs.readFileSync(path.join(root, 'docs', 'deploy.md'), 'utf8');
const compose = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const codeBlocks = (language: string) => [...guide.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);

/** TRUST_PROXY as a count of hops (or true): safe only where nothing but the proxy reaches the port. */
const TRUSTS_BY_COUNT = /TRUST_PROXY=(?:\d+|true)\b/;

/** The port mappings of compose.yaml's `ports:` lists. */
function composePorts(): string[] {
  const ports: string[] = [];
  let inPorts = false;
  for (const line of compose.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (/^\s+ports:\s*$/.test(line)) inPorts = true;
    else if (inPorts && /^\s+-\s/.test(line)) ports.push(line.replace(/^\s+-\s*/, '').replace(/^["']|["']\s*$/g, ''));
    else inPorts = false;
  }
  return ports;
}

describe('the documented set-ups', () => {
  it('compose.yaml publishes the app on the loopback only', () => {
    const ports = composePorts();
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port, port).toMatch(/^127\.0\.0\.1:/);
  });

  it('trust a proxy by a count only where the port is reachable from the loopback alone', () => {
    const trusting = [...codeBlocks('sh'), ...codeBlocks('ini')].filter((block) => TRUSTS_BY_COUNT.test(block));
    expect(trusting.length, 'the systemd unit, docker run and the compose .env').toBeGreaterThanOrEqual(3);
    for (const block of trusting) {
      const commands = block.replace(/\\\n/g, ' ');
      const dockerRuns = commands.split('\n').filter((line) => /docker run\b/.test(line));
      if (dockerRuns.length > 0) {
        for (const run of dockerRuns) {
          const published = [...run.matchAll(/(?:-p|--publish)[\s=]+(\S+)/g)].map((match) => match[1]!);
          expect(published.length, run).toBeGreaterThan(0);
          for (const port of published) expect(port, run).toMatch(/^127\.0\.0\.1:/);
        }
      } else if (/docker compose up/.test(block)) {
        expect(composePorts().every((port) => port.startsWith('127.0.0.1:')), 'compose.yaml with a trusted count').toBe(true);
      } else {
        expect(block, 'a service trusting a count listens on the loopback').toMatch(/\bHOST=127\.0\.0\.1\b/);
      }
    }
  });

  it('trust the load balancer of several instances by its address', () => {
    const several = guide.slice(guide.indexOf('## Several instances'), guide.indexOf('\n## ', guide.indexOf('## Several instances') + 1));
    const settings = [...several.matchAll(/TRUST_PROXY=([^\s`]+)/g)].map((match) => match[1]!);
    expect(settings.length).toBeGreaterThan(0);
    for (const value of settings) expect(value).toMatch(/^\d+\.\d+\.\d+\.\d+/);
  });
});

describe("the documented nginx blocks in Debian's nginx", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-nginx-t-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(codeBlocks('nginx').map((block, index) => [index, block] as const))('block %i passes nginx -t', (index, block) => {
    const certificate = path.join(dir, 'fullchain.pem');
    const key = path.join(dir, 'privkey.pem');
    if (!fs.existsSync(certificate)) {
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=photos.example.com', '-keyout', key, '-out', certificate], { encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
    }
    const server = block.replace(/^(\s*ssl_certificate)\s+\S+;/m, `$1 ${certificate};`).replace(/^(\s*ssl_certificate_key)\s+\S+;/m, `$1 ${key};`);
    const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server}
}
`;
    const file = path.join(dir, `block-${index}.conf`);
    fs.writeFileSync(file, config);
    const checked = spawnSync(nginxBinary(), ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], { encoding: 'utf8' });
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stderr).not.toMatch(/\[(?:warn|emerg)\]/);
  });
});
