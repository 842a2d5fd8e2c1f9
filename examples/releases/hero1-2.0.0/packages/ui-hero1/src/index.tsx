import { theme } from '@acme/core';
import Image from 'next/image';
import Link from 'next/link';

/** A media file as a page stores it: its media-library id and URL. */
export interface Media {
  readonly id?: number;
  readonly url: string;
}

/** shared.button: a link styled as a button. */
export interface Button {
  readonly cmp_variant?: string;
  readonly label: string;
  readonly path: string;
  readonly target?: '_self' | '_blank';
  readonly variant?: 'primary' | 'secondary' | 'link';
  readonly size?: 'sm' | 'md' | 'lg';
}

/** The props: the fields of hero.hero1. */
export interface HeroProps {
  readonly cmp_variant?: string;
  /** The short line above the title (required from 2.0.0). */
  readonly eyebrow?: string;
  readonly title?: string;
  /** The line under the title (1.x's `subtitle`). */
  readonly tagline?: string;
  /** Rich text (Markdown): shown as paragraphs. */
  readonly body?: string;
  readonly image?: Media;
  readonly background?: Media;
  readonly cta?: Button;
  readonly theme?: 'light' | 'dark';
}

const PADDING: Record<NonNullable<Button['size']>, string> = { sm: '8px 14px', md: '12px 20px', lg: '16px 28px' };

/** The call to action through next/link, drawn as its `variant` and `size` say. */
function CallToAction({ button, dark }: { readonly button: Button; readonly dark: boolean }) {
  const variant = button.variant ?? 'primary';
  const look =
    variant === 'link'
      ? { color: dark ? '#c7d2fe' : theme.colors.primary, textDecoration: 'underline' }
      : variant === 'secondary'
        ? { color: dark ? '#ffffff' : theme.colors.primary, border: `1px solid currentColor` }
        : { background: theme.colors.primary, color: theme.colors.primaryText };
  return (
    <Link
      href={button.path}
      target={button.target === '_blank' ? '_blank' : undefined}
      style={{
        display: 'inline-block',
        borderRadius: theme.radius,
        padding: variant === 'link' ? 0 : PADDING[button.size ?? 'md'],
        textDecoration: 'none',
        ...look,
      }}
    >
      {button.label}
    </Link>
  );
}

/**
 * @acme/ui-hero1 2.0.0: an eyebrow, a headline, its tagline, text, a call to action and an image
 * (next/image, next/link), light or dark.
 */
export default function Hero({
  eyebrow,
  title = '',
  tagline,
  body,
  image,
  background,
  cta,
  theme: tone = 'light',
}: HeroProps) {
  const dark = tone === 'dark';
  return (
    <section
      data-theme={tone}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 32,
        padding: 40,
        fontFamily: theme.font,
        color: dark ? '#f8fafc' : theme.colors.text,
        backgroundColor: dark ? theme.colors.text : theme.colors.surface,
        backgroundImage: background?.url ? `url(${JSON.stringify(background.url)})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <div style={{ flex: 1 }}>
        {eyebrow && (
          <p
            style={{
              fontSize: 13,
              fontWeight: 600,
              letterSpacing: '0.08em',
              textTransform: 'uppercase',
              margin: '0 0 8px',
              color: dark ? '#c7d2fe' : theme.colors.primary,
            }}
          >
            {eyebrow}
          </p>
        )}
        <h1 style={{ fontSize: 40, margin: '0 0 12px' }}>{title}</h1>
        {tagline && (
          <p style={{ fontSize: 18, margin: '0 0 16px', color: dark ? '#cbd5e1' : theme.colors.muted }}>{tagline}</p>
        )}
        {body
          ?.split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim() !== '')
          .map((paragraph) => (
            <p key={paragraph} style={{ margin: '0 0 16px' }}>
              {paragraph}
            </p>
          ))}
        {cta?.label && <CallToAction button={cta} dark={dark} />}
      </div>
      {image?.url && <Image src={image.url} alt="" width={360} height={240} style={{ borderRadius: theme.radius }} />}
    </section>
  );
}

export { migrations } from './migrations.js';
