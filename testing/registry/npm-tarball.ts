import { gzipSync } from 'node:zlib';

/** One tar header block (ustar) for a regular file. */
function header(path: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  const field = (text: string, offset: number) => block.write(text, offset, 'ascii');
  field(path, 0);
  field('0000644\0', 100); // mode
  field('0000000\0', 108); // uid
  field('0000000\0', 116); // gid
  field(`${size.toString(8).padStart(11, '0')}\0`, 124);
  field('00000000000\0', 136); // mtime 0: the same files give the same bytes
  field('        ', 148); // the checksum counts itself as spaces
  field('0', 156); // regular file
  field('ustar\0', 257);
  field('00', 263);
  const sum = block.reduce((total, byte) => total + byte, 0);
  field(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/**
 * Test-only: an npm package tarball, gzipped tar with every file under `package/` as `npm pack`
 * makes it. Paths are short ASCII (`package.json`, `index.js`): no long-name extensions.
 */
export function npmTarball(files: Readonly<Record<string, string>>): Buffer {
  const blocks: Buffer[] = [];
  for (const [path, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    blocks.push(header(`package/${path}`, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024)); // two empty blocks end the archive
  return gzipSync(Buffer.concat(blocks));
}
