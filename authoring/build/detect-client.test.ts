import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs } from '../testing/temp-package.js';
import { formatClientReason } from './client-reasons.js';
import { detectClient } from './detect-client.js';

afterEach(removeTempDirs);

/** Writes `files` (paths relative to the variant package) under `<root>/packages/ui-x/` and detects. */
async function detect(files: Record<string, string>) {
  const root = await makeTempDir();
  const dir = join(root, 'packages/ui-x');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return detectClient(root, dir, join(dir, 'src/index.tsx'));
}

/** The first reason as printed, or `server`. */
async function firstReason(files: Record<string, string>): Promise<string> {
  const reasons = await detect(files);
  return reasons[0] ? `${reasons[0].kind} ${formatClientReason(reasons[0])}` : 'server';
}

const index = 'src/index.tsx';

describe('detectClient: each reason on its own', () => {
  it.each([
    [
      'useState',
      "import { useState } from 'react';\nexport default function A() {\n  const [n] = useState(0);\n  return <p>{n}</p>;\n}\n",
      'hook useState at packages/ui-x/src/index.tsx:3:15',
    ],
    [
      'useEffect through the React namespace',
      "import * as React from 'react';\nexport default function A() {\n  React.useEffect(() => {}, []);\n  return null;\n}\n",
      'hook useEffect at packages/ui-x/src/index.tsx:3:3',
    ],
    [
      'a custom useThing hook',
      'function useThing() {\n  return 1;\n}\nexport default function A() {\n  return <p>{useThing()}</p>;\n}\n',
      'hook useThing at packages/ui-x/src/index.tsx:5:14',
    ],
    [
      'window',
      'export default function A() {\n  const go = () => window.scrollTo(0, 0);\n  return <p>{String(go)}</p>;\n}\n',
      'browser-api window at packages/ui-x/src/index.tsx:2:20',
    ],
    [
      'document',
      'export default function A() {\n  return <p>{document.title}</p>;\n}\n',
      'browser-api document at packages/ui-x/src/index.tsx:2:14',
    ],
    [
      'localStorage',
      "const saved = localStorage.getItem('k');\nexport default function A() {\n  return <p>{saved}</p>;\n}\n",
      'browser-api localStorage at packages/ui-x/src/index.tsx:1:15',
    ],
    [
      'an onClick handler',
      'export default function A() {\n  return <button type="button" onClick={() => {}}>x</button>;\n}\n',
      'event-handler onClick at packages/ui-x/src/index.tsx:2:32',
    ],
    [
      'a class component',
      "import { Component } from 'react';\nexport default class A extends Component {\n  render() {\n    return null;\n  }\n}\n",
      'class-component class extends Component at packages/ui-x/src/index.tsx:2:1',
    ],
    [
      'a React.PureComponent class expression',
      "import React from 'react';\nconst A = class extends React.PureComponent {};\nexport default A;\n",
      'class-component class extends PureComponent at packages/ui-x/src/index.tsx:2:11',
    ],
  ])('%s', async (_name, source, expected) => {
    expect(await firstReason({ [index]: source })).toBe(expected);
  });
});

describe('detectClient: server-safe components', () => {
  it.each([
    ['plain JSX', 'export default function A() {\n  return <h1>Hello</h1>;\n}\n'],
    [
      'props only',
      "import { theme } from '@acme/core';\nexport default function A({ title }: { title: string }) {\n  return <h1 style={{ color: theme.text }}>{title}</h1>;\n}\n",
    ],
    [
      'window only in a string, a comment, JSX text and a property name',
      '// window.location is not read here\n/* document */\nconst label = \'window\';\nconst o = { window: 1, navigator: 2 };\nexport default function A() {\n  return <p title="document">Resize the window {label} {o.window}</p>;\n}\n',
    ],
    [
      'a prop named location (a local binding, not the global)',
      'export default function A({ location }: { location: string }) {\n  return <p>{location}</p>;\n}\n',
    ],
    [
      'typeof window in a type only',
      'type W = typeof window;\nexport default function A(props: { w?: W }) {\n  return <p>{String(props.w)}</p>;\n}\n',
    ],
    [
      'a hook-like name that is not a call',
      'const useless = 1;\nexport default function A() {\n  return <p>{useless}</p>;\n}\n',
    ],
    [
      'an imported helper without client uses',
      'import { Title } from \'./title\';\nexport default function A() {\n  return <Title text="x" />;\n}\n',
      { 'src/title.tsx': 'export function Title({ text }: { text: string }) {\n  return <h1>{text}</h1>;\n}\n' },
    ],
  ] as [string, string, Record<string, string>?][])('%s', async (_name, source, more = {}) => {
    expect(await detect({ [index]: source, ...more })).toEqual([]);
  });
});

describe('detectClient: tricky cases', () => {
  it('finds a hook in a helper file the component imports (followed through .js specifiers and index files)', async () => {
    expect(
      await firstReason({
        [index]: "import { Clock } from './clock/index.js';\nexport default function A() {\n  return <Clock />;\n}\n",
        'src/clock/index.ts': "export { Clock } from './clock.js';\n",
        'src/clock/clock.tsx':
          "import { useEffect } from 'react';\nexport function Clock() {\n  useEffect(() => {}, []);\n  return null;\n}\n",
      }),
    ).toBe('hook useEffect at packages/ui-x/src/clock/clock.tsx:3:3');
  });

  it('reports an event prop passed through to a child', async () => {
    expect(
      await firstReason({
        [index]:
          "import { Button } from './button';\nexport default function A({ onPress }: { onPress: () => void }) {\n  return <Button onClick={onPress} />;\n}\n",
        'src/button.tsx':
          'export function Button(props: { onClick: () => void }) {\n  return <span>{String(props)}</span>;\n}\n',
      }),
    ).toBe('event-handler onClick at packages/ui-x/src/index.tsx:3:18');
  });

  it('follows import cycles once, lists every reason entry first then imports in order, and skips type-only imports', async () => {
    const reasons = await detect({
      [index]:
        "import type { T } from './types';\nimport { b } from './b';\nexport default function A(p: T) {\n  const x = document.body;\n  return <p onClick={b}>{String(x)}{String(p)}</p>;\n}\n",
      'src/b.ts': "import { a } from './a';\nexport const b = () => window.alert(a);\n",
      'src/a.ts': "import { b } from './b';\nexport const a = String(b) + navigator.language;\n",
      'src/types.ts': 'export type T = { w: typeof window };\nexport const never = localStorage;\n',
    });
    expect(reasons.map(formatClientReason)).toEqual([
      'document at packages/ui-x/src/index.tsx:4:13',
      'onClick at packages/ui-x/src/index.tsx:5:13',
      'window at packages/ui-x/src/b.ts:2:24',
      'navigator at packages/ui-x/src/a.ts:2:30',
    ]);
  });

  it('does not follow imports that leave the package or name other packages', async () => {
    const root = await makeTempDir();
    await mkdir(join(root, 'shared'), { recursive: true });
    await writeFile(join(root, 'shared/hook.ts'), 'export const h = () => window;\n');
    const dir = join(root, 'packages/ui-x');
    await mkdir(join(dir, 'src'), { recursive: true });
    await writeFile(
      join(dir, index),
      "import { h } from '../../../shared/hook';\nimport { theme } from '@acme/core';\nexport default function A() {\n  return <p>{String(h)}{theme.x}</p>;\n}\n",
    );
    expect(await detectClient(root, dir, join(dir, index))).toEqual([]);
    // Nor a symbolic link inside the package that leads out of it.
    await symlink(join(root, 'shared/hook.ts'), join(dir, 'src/hook.ts'));
    await writeFile(join(dir, index), "import { h } from './hook';\nexport default () => String(h);\n");
    expect(await detectClient(root, dir, join(dir, index))).toEqual([]);
  });
});
