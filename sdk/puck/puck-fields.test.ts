import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { type FieldIssue, puckFieldsOf, summaryOfItem } from './puck-fields.js';

const notice = (issue: FieldIssue) => ({
  type: 'custom' as const,
  label: issue.path,
  render: () => createElement('p', null, issue.message),
});

describe('puckFieldsOf', () => {
  it('passes the fields Puck understands unchanged, arrayFields and objectFields included', () => {
    const issues: FieldIssue[] = [];
    const fields = puckFieldsOf(
      'features1',
      {
        properties: {
          heading: { type: 'text', label: 'Heading' },
          count: { type: 'number', min: 0, max: 9 },
          tone: { type: 'select', options: [{ label: 'Info', value: 'info' }] },
          items: { type: 'array', label: 'Items', arrayFields: { title: { type: 'text' } } },
          image: { type: 'object', objectFields: { src: { type: 'text' }, alt: { type: 'textarea' } } },
        },
      },
      (issue) => issues.push(issue),
      notice,
    );
    expect(fields).toEqual({
      heading: { type: 'text', label: 'Heading' },
      count: { type: 'number', min: 0, max: 9 },
      tone: { type: 'select', options: [{ label: 'Info', value: 'info' }] },
      items: { type: 'array', label: 'Items', arrayFields: { title: { type: 'text' } }, getItemSummary: summaryOfItem },
      image: { type: 'object', objectFields: { src: { type: 'text' }, alt: { type: 'textarea' } } },
    });
    expect(issues).toEqual([]);
  });

  it('names array items by their first text in the editor', () => {
    expect(summaryOfItem({ count: 2, title: 'Fast', text: 'Cached' }, 0)).toBe('Fast');
    expect(summaryOfItem({ title: '' }, 2)).toBe('Item 3');
    expect(summaryOfItem(undefined, 0)).toBe('Item 1');
  });

  it('reports every field Puck cannot show, nested ones with their path, and shows a notice in its place', () => {
    const issues: FieldIssue[] = [];
    const fields = puckFieldsOf(
      'hero1',
      {
        properties: {
          color: { type: 'color' },
          items: { type: 'array', arrayFields: { icon: { type: 'icon-picker' }, label: { type: 'text' } } },
          broken: 'text',
          code: { type: 'custom' },
        },
      },
      (issue) => issues.push(issue),
      notice,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'Unsupported field type "color" at color in puck.json of hero1',
      'Unsupported field type "icon-picker" at items[].icon in puck.json of hero1',
      'Unsupported field type null at broken in puck.json of hero1',
      'Unsupported field type "custom" at code in puck.json of hero1',
    ]);
    expect(Object.keys(fields)).toEqual(['color', 'items', 'broken', 'code']);
    expect(fields.color).toMatchObject({ type: 'custom', label: 'color' });
    expect(fields.items).toMatchObject({ arrayFields: { icon: { type: 'custom' }, label: { type: 'text' } } });
  });

  it('gives no fields for a missing puck.json or one without properties', () => {
    const report = () => expect.unreachable('nothing to report');
    expect(puckFieldsOf('x', null, report, notice)).toEqual({});
    expect(puckFieldsOf('x', { title: 'X' }, report, notice)).toEqual({});
  });

  it('gives an external field the source it names: a search list whose pick sets the item’s value', async () => {
    const issues: FieldIssue[] = [];
    const asked: string[] = [];
    const media = async (query: string) => {
      asked.push(query);
      return [{ value: { id: 7, url: '/uploads/a.png' }, label: 'a.png', preview: 'http://cms/uploads/a.png' }];
    };
    const puck = { properties: { image: { type: 'external', label: 'Image', source: 'media' } } };
    const fields = puckFieldsOf('hero1', puck, (issue) => issues.push(issue), notice, { media });
    const image = fields.image as unknown as {
      type: string;
      label: string;
      source?: string;
      fetchList: (params: { query: string; filters: object }) => Promise<unknown[]>;
      mapRow: (item: unknown) => unknown;
      mapProp: (item: unknown) => unknown;
      getItemSummary: (value: unknown) => unknown;
    };
    expect([image.type, image.label, image.source]).toEqual(['external', 'Image', undefined]);
    expect(image).toMatchObject({ cache: { enabled: false }, showSearch: true });
    const [item] = await image.fetchList({ query: 'a', filters: {} });
    expect(asked).toEqual(['a']);
    expect(image.mapRow(item)).toMatchObject({
      label: 'a.png',
      preview: { type: 'img', props: { src: 'http://cms/uploads/a.png' } },
    });
    expect(image.mapProp(item)).toEqual({ id: 7, url: '/uploads/a.png' });
    expect(image.getItemSummary({ id: 7, url: '/uploads/a.png' })).toBe('/uploads/a.png');
    expect(issues).toEqual([]);

    // Without the source it names (an editor with no media library), it is reported, not dropped.
    const without = puckFieldsOf('hero1', puck, (issue) => issues.push(issue), notice);
    expect(issues.map((issue) => issue.message)).toEqual([
      'Unsupported field type "external" at image in puck.json of hero1 (source "media" not given to the editor)',
    ]);
    expect((without.image as { type: string }).type).toBe('custom');
  });
});
