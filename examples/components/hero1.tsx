import { theme } from '@acme/core';
import Image from 'next/image';

export interface HeroProps {
  readonly title?: string;
  readonly subtitle?: string;
  readonly ctaLabel?: string;
  readonly image?: { readonly src?: string; readonly alt?: string };
  readonly align?: 'left' | 'center';
}

/** @acme/ui-hero1: a headline, a line of text, a button and an image (next/image). */
export default function Hero({ title = '', subtitle = '', ctaLabel = '', image, align = 'left' }: HeroProps) {
  const centered = align === 'center';
  return (
    <section
      style={{
        display: 'flex',
        flexDirection: centered ? 'column' : 'row',
        alignItems: 'center',
        gap: 32,
        padding: 40,
        fontFamily: theme.font,
        color: theme.colors.text,
        textAlign: centered ? 'center' : 'left',
      }}
    >
      <div style={{ flex: 1 }}>
        <h1 style={{ fontSize: 40, margin: '0 0 12px' }}>{title}</h1>
        {subtitle && <p style={{ fontSize: 18, color: theme.colors.muted, margin: '0 0 20px' }}>{subtitle}</p>}
        {ctaLabel && (
          <button
            type="button"
            style={{
              background: theme.colors.primary,
              color: theme.colors.primaryText,
              border: 0,
              borderRadius: theme.radius,
              padding: '12px 20px',
              fontSize: 16,
            }}
          >
            {ctaLabel}
          </button>
        )}
      </div>
      {image?.src && (
        <Image src={image.src} alt={image.alt ?? ''} width={360} height={240} style={{ borderRadius: theme.radius }} />
      )}
    </section>
  );
}
