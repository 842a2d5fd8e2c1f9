import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/compile-model.js';
import { collectionSource, componentSource, validateFixture } from '../../testing/source-fixture.js';
import { examplePackageDir } from '../../testing/temp-package.js';
import { typescriptTypes } from './typescript-types.js';

/** Type-checks `source` as a module (strict) with a trailing usage snippet; returns the messages. */
function typeErrors(source: string): string[] {
  const fileName = '/virtual/types.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, version) =>
    name === fileName ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('typescriptTypes', () => {
  it('writes types that type-check, and that describe the data they name', async () => {
    const types = await readFile(join(examplePackageDir, 'golden/generated/types/index.ts.golden'), 'utf8');
    const usage = `
const hero: HeroHero1Component = { cmp_variant: 'hero1', title: 'Hi', theme: 'dark' };
const page: Page = {
  id: 1, documentId: 'd', createdAt: '', updatedAt: '', publishedAt: null, locale: 'en',
  title: 'T', slug: 't', blocks: [{ ...hero, __component: 'hero.hero1' }],
};
const uid: keyof ComponentsByUid = 'shared.seo';
// @ts-expect-error: a value outside the enumeration
const wrong: HeroHero1Component = { cmp_variant: 'hero1', title: 'Hi', theme: 'sepia' };
export { page, uid, wrong };
`;
    expect(typeErrors(types + usage)).toEqual([]);
  });

  it('maps each attribute to its TypeScript type, required or optional', () => {
    const { model } = validateFixture({
      components: {
        'a/b.json': componentSource('a.b', {
          cmp_variant: 'string!',
          count: 'integer!',
          big: 'biginteger',
          tags: 'enum(x,y)',
          pics: 'media(images)[]',
          pic: 'media!',
          data: 'json',
          words: 'blocks',
          link: 'relation(oneToOne,page)',
          many: 'relation(oneToMany,page)',
          user: 'relation(oneToOne,plugin::users-permissions.user)',
        }),
      },
      collections: {
        'page.json': collectionSource('page', { slug: 'uid!', parts: 'component(a.b)[]', first: 'component(a.b)!' }),
      },
    });
    const text = typescriptTypes(compileModel(model, 'hash'));
    expect(text).toContain(
      [
        'export interface ABComponent {',
        '  cmp_variant: string;',
        '  count: number;',
        '  big?: string | null;',
        "  tags?: 'x' | 'y' | null;",
        '  pics?: StrapiMedia[];',
        '  pic?: StrapiMedia | null;',
        '  data?: unknown;',
        '  words?: StrapiBlocks | null;',
        '  link?: Page | null;',
        '  many?: Page[];',
        '  user?: StrapiEntry | null;',
        '}',
      ].join('\n'),
    );
    expect(text).toContain('  slug: string;\n  parts?: ABComponent[];\n  first: ABComponent;\n}');
  });
});
