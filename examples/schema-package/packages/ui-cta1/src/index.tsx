import { theme } from '@acme/core';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';

/** The props: the fields of navigation.cta1. */
export interface CtaProps {
  readonly cmp_variant?: string;
  readonly heading?: string;
  readonly buttonLabel?: string;
  readonly href?: string;
  readonly newTab?: 'yes' | 'no';
}

/**
 * @acme/ui-cta1: a heading and a link styled as a button (next/link). The page's router
 * (next/navigation) marks the link as the current page (`aria-current`) and loads an in-site
 * target when the pointer or the focus comes to the link, so the click renders at once.
 */
export default function Cta({ heading = '', buttonLabel = '', href = '/', newTab = 'no' }: CtaProps) {
  const pathname = usePathname();
  const router = useRouter();
  const prefetch = href.startsWith('/') && !href.startsWith('//') ? () => router.prefetch(href) : undefined;
  return (
    <section style={{ padding: 32, textAlign: 'center', fontFamily: theme.font, color: theme.colors.text }}>
      <h2 style={{ margin: '0 0 16px' }}>{heading}</h2>
      <Link
        href={href}
        target={newTab === 'yes' ? '_blank' : undefined}
        aria-current={pathname === href ? 'page' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        style={{
          display: 'inline-block',
          background: theme.colors.primary,
          color: theme.colors.primaryText,
          borderRadius: 999,
          padding: '12px 24px',
          textDecoration: 'none',
        }}
      >
        {buttonLabel}
      </Link>
    </section>
  );
}
