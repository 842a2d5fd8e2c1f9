import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm start`: serves dist/ on 127.0.0.1 (PORT, 8080 by default; 0 picks a free port). It stands
// for the editor's own web server (nginx, a CDN, a Node backend), which must serve the worker
// from the page's origin, as JavaScript, with `Cache-Control: no-cache`: the browser then checks
// for a new worker on every visit instead of keeping an old one for up to a day.

const root = fileURLToPath(new URL('dist/', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};
/** webpack.config.js names bundles `[name].[contenthash].js`: their bytes never change under a name. */
const HASHED = /\.[0-9a-f]{16,}\.js$/;

const server = createServer(async (request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  const file = join(root, pathname === '/' ? 'index.html' : pathname);
  // new URL() has already resolved `..` segments; this refuses anything outside dist/ all the same.
  const info = file.startsWith(root) ? await stat(file).catch(() => null) : null;
  if (!info?.isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
});

server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`serving http://127.0.0.1:${server.address().port}/`);
});
