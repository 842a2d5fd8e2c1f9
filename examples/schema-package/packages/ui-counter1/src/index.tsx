import { theme } from '@acme/core';
import { useState } from 'react';

/** The props: the fields of interactive.counter1 (examples/schema-package/src/source/components). */
export interface CounterProps {
  readonly cmp_variant?: string;
  readonly label?: string;
  readonly start?: number;
}

/** @acme/ui-counter1: a button that counts its clicks (component state, the page's React): a client component. */
export default function Counter({ label = 'Clicks', start = 0 }: CounterProps) {
  const [count, setCount] = useState(start);
  return (
    <div style={{ padding: 24, fontFamily: theme.font }}>
      <button
        type="button"
        data-testid="counter"
        onClick={() => setCount(count + 1)}
        style={{
          background: theme.colors.surface,
          color: theme.colors.text,
          border: `1px solid ${theme.colors.border}`,
          borderRadius: theme.radius,
          padding: '10px 18px',
          fontSize: 16,
        }}
      >
        {label}: {count}
      </button>
    </div>
  );
}
