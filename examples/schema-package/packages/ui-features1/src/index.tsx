import { theme } from '@acme/core';

/** One item: the fields of content.feature. */
export interface FeatureItem {
  readonly cmp_variant?: string;
  readonly title?: string;
  readonly text?: string;
}

/** The props: the fields of content.features1. */
export interface FeaturesProps {
  readonly cmp_variant?: string;
  readonly heading?: string;
  readonly items?: readonly FeatureItem[];
}

/** @acme/ui-features1: a heading and a repeatable list of items. */
export default function Features({ heading = '', items = [] }: FeaturesProps) {
  return (
    <section style={{ padding: 32, fontFamily: theme.font, color: theme.colors.text }}>
      {heading && <h2 style={{ margin: '0 0 16px' }}>{heading}</h2>}
      <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 16, padding: 0 }}>
        {items.map((item, index) => (
          <li
            // Items have no id of their own; their order is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are edited in place, never reordered by key
            key={index}
            style={{
              listStyle: 'none',
              border: `1px solid ${theme.colors.border}`,
              borderRadius: theme.radius,
              padding: 16,
            }}
          >
            <strong>{item.title}</strong>
            <p style={{ margin: '8px 0 0', color: theme.colors.muted }}>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
