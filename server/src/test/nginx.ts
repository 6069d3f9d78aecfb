import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type NodeProcess, temporaryDirectory } from './processes.ts';

/**
 * Debian's nginx (scripts/lib/setup.sh `ensure_nginx`) as the load balancer in front of app nodes, run in
 * the foreground with a configuration and folders of its own, as docs/deploy.md sets it up: websockets
 * proxied with the upgrade headers, X-Forwarded-For appended, a node that fails or answers 503 skipped.
 */
export function startNginx(port: number, upstreams: readonly number[]): NodeProcess & { remove(): void } {
  const folder = temporaryDirectory('velvet-nginx-');
  const servers = upstreams.map((upstream) => `server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join(' ');
  const proxy = `proxy_http_version 1.1; proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_set_header X-Forwarded-Proto $scheme;`;
  writeFileSync(
    join(folder.path, 'nginx.conf'),
    `pid ${folder.path}/nginx.pid;
error_log ${folder.path}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder.path}/body;
  proxy_temp_path ${folder.path}/proxy;
  fastcgi_temp_path ${folder.path}/fastcgi;
  uwsgi_temp_path ${folder.path}/uwsgi;
  scgi_temp_path ${folder.path}/scgi;
  client_max_body_size 100m;
  proxy_request_buffering off;
  upstream velvet { least_conn; ${servers} keepalive 16; }
  server {
    listen 127.0.0.1:${port};
    location = /metrics { deny all; }
    location /ws/ {
      proxy_pass http://velvet; ${proxy}
      proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection "upgrade";
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://velvet; ${proxy}
      proxy_set_header Connection "";
      proxy_next_upstream error timeout http_503;
    }
  }
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-p', folder.path, '-c', join(folder.path, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited, remove: folder.remove };
}
