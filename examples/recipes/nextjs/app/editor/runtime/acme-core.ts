/** Stand-in for `@acme/core`: the design tokens the example components share. Yours: your package. */
export const theme = {
  font: 'system-ui, -apple-system, "Segoe UI", sans-serif',
  radius: '10px',
  colors: {
    text: '#0f172a',
    muted: '#475569',
    primary: '#4f46e5',
    primaryText: '#ffffff',
    surface: '#f8fafc',
    border: '#e2e8f0',
  },
} as const;
