import { describe, expect, it } from 'vitest';
import { moduleExternals, remoteComponentPath } from './runtime-registry.js';

describe('runtime registry contract', () => {
  it('joins the catalog externals and the URL external= list, subpaths kept apart', () => {
    const url = 'http://e/@acme/ui-x@1.0.0?target=es2022&external=react,react/jsx-runtime,@acme/icons';
    expect(moduleExternals(['react', 'react-dom'], url)).toEqual([
      'react',
      'react-dom',
      'react/jsx-runtime',
      '@acme/icons',
    ]);
    expect(moduleExternals(['react'], 'http://e/x@1.0.0')).toEqual(['react']);
    expect(moduleExternals([], 'http://e/x@1.0.0?external=a%2Cb')).toEqual(['a', 'b']);
  });

  it('builds the remote-component path with the URL and integrity encoded', () => {
    expect(remoteComponentPath('http://e/x@1?a=1&b=2', 'sha384-abc+/=')).toBe(
      '/api/remote-component?url=http%3A%2F%2Fe%2Fx%401%3Fa%3D1%26b%3D2&integrity=sha384-abc%2B%2F%3D',
    );
  });
});
