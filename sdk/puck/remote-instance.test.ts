import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ComponentModule } from '../component-loader.js';
import { SdkError } from '../sdk-error.js';
import { InstanceLifecycles } from './instance-lifecycles.js';
import { RemoteInstance, type RemoteInstanceProps } from './remote-instance.js';

const Greeting = (props: { name?: string }) => createElement('p', null, `Hello ${props.name ?? 'nobody'}`);
const loaded: ComponentModule = { default: Greeting };

const noVersion = { renderedVersion: () => undefined };

function html(overrides: Partial<RemoteInstanceProps>): string {
  const props: RemoteInstanceProps = {
    source: { peek: () => loaded, load: async () => loaded, ...noVersion },
    packageId: 'greeting1',
    instanceId: 'i1',
    savedVersion: undefined,
    label: 'Greeting',
    props: { name: 'Ada' },
    lifecycles: new InstanceLifecycles(),
    onRendered: () => {},
    onFailed: () => {},
    ...overrides,
  };
  return renderToString(createElement(RemoteInstance, props));
}

describe('RemoteInstance', () => {
  it('renders the component with its props in a frame carrying the page hooks', () => {
    expect(html({})).toBe(
      '<div data-instance-id="i1" data-package-id="greeting1" data-state="ready"><p>Hello Ada</p></div>',
    );
  });

  it('shows a loading state while the module loads, and while an insert waits for its props', () => {
    expect(html({ source: { peek: () => undefined, load: () => new Promise(() => {}), ...noVersion } })).toContain(
      'data-state="loading"><div role="status" aria-busy="true"',
    );
    const lifecycles = new InstanceLifecycles();
    lifecycles.start('i1');
    expect(html({ lifecycles, props: {} })).toContain('Loading <!-- -->Greeting<!-- -->…');
    lifecycles.inserted('i1', { name: 'Ada' });
    expect(html({ lifecycles, props: {} })).toContain('data-state="loading"');
    expect(html({ lifecycles, props: { name: 'Ada' } })).toContain('<p>Hello Ada</p>');
  });

  it("shows the SDK's error of a module that has no default export", () => {
    expect(html({ source: { peek: () => ({ other: 1 }), load: async () => ({}), ...noVersion } })).toContain(
      '<div role="alert" data-error-code="module-load"',
    );
  });

  it("shows a failed insert's SDK error, never the component without its props", () => {
    const lifecycles = new InstanceLifecycles();
    lifecycles.start('i1');
    lifecycles.failed('i1', new SdkError('network', 'Network error: GET /api/runtime-catalog/greeting1'));
    const failed = html({ lifecycles, props: {} });
    expect(failed).toContain('data-state="error"');
    expect(failed).toContain('data-error-code="network"');
    expect(failed).toContain('Network error: GET /api/runtime-catalog/greeting1');
    expect(failed).not.toContain('Hello');
  });

  it('marks an instance behind the catalog, and one rendered with its own version, above the component', () => {
    const at = (savedVersion: string, version: string, own: boolean) =>
      html({
        savedVersion,
        source: {
          peek: () => loaded,
          load: async () => loaded,
          renderedVersion: () => ({ version, catalogVersion: '2.0.0', own }),
        },
      });
    expect(at('2.0.0', '2.0.0', false)).toBe(
      '<div data-instance-id="i1" data-package-id="greeting1" data-version="2.0.0" data-state="ready"><p>Hello Ada</p></div>',
    );
    const pinned = at('1.0.0', '1.0.0', true);
    expect(pinned).toContain('data-version="1.0.0"');
    expect(pinned).toContain(
      'data-testid="instance-version" data-saved-version="1.0.0" data-catalog-version="2.0.0" data-status="behind" data-own-version="true"',
    );
    expect(pinned).toContain('1 major behind');
    expect(at('2.1.0', '2.1.0', true)).toContain('data-status="ahead"');
  });
});
