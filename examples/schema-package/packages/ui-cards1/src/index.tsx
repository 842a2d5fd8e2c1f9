import { theme } from '@acme/core';
import Image from 'next/image';
import Link from 'next/link';

/** A media file as a page stores it: its media-library id and URL. */
export interface Media {
  readonly id?: number;
  readonly url: string;
}

/** shared.button: a link. */
export interface Button {
  readonly cmp_variant?: string;
  readonly label: string;
  readonly path: string;
  readonly target?: '_self' | '_blank';
}

/** shared.card, the fields a card shows (the others are data for the CMS: dates, prices, relations). */
export interface Card {
  readonly cmp_variant?: string;
  readonly title: string;
  readonly summary?: string;
  readonly image?: Media;
  readonly link?: Button;
  readonly featured?: boolean;
}

/** The props: the fields of cards.cards1. */
export interface CardsProps {
  readonly cmp_variant?: string;
  readonly heading?: string;
  readonly cards?: readonly Card[];
  readonly gallery?: readonly Media[];
  readonly attachments?: Media;
  /** Cards per row on wide screens, 1 to 4. */
  readonly columns?: number;
}

/** @acme/ui-cards1: a grid of cards (image, summary, link; a featured card stands out) and a gallery. */
export default function Cards({ heading, cards = [], gallery = [], attachments, columns = 3 }: CardsProps) {
  const perRow = Math.min(4, Math.max(1, Math.round(columns)));
  return (
    <section style={{ padding: 32, fontFamily: theme.font, color: theme.colors.text }}>
      {heading && <h2 style={{ margin: '0 0 16px' }}>{heading}</h2>}
      <ul style={{ display: 'grid', gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`, gap: 16, padding: 0 }}>
        {cards.map((card) => (
          <li
            key={card.title}
            data-featured={card.featured ? 'true' : undefined}
            style={{
              listStyle: 'none',
              border: `${card.featured ? 2 : 1}px solid ${card.featured ? theme.colors.primary : theme.colors.border}`,
              borderRadius: theme.radius,
              padding: 16,
            }}
          >
            {card.image?.url && (
              <Image src={card.image.url} alt="" width={240} height={135} style={{ width: '100%', height: 'auto' }} />
            )}
            <h3 style={{ margin: '0 0 8px', fontSize: 18 }}>{card.title}</h3>
            {card.summary && <p style={{ margin: '0 0 8px', color: theme.colors.muted }}>{card.summary}</p>}
            {card.link?.label && (
              <Link
                href={card.link.path}
                target={card.link.target === '_blank' ? '_blank' : undefined}
                style={{ color: theme.colors.primary }}
              >
                {card.link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {gallery.length > 0 && (
        <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
          {gallery.map((media) => (
            <Image key={media.url} src={media.url} alt="" width={120} height={80} />
          ))}
        </div>
      )}
      {attachments?.url && (
        <p style={{ marginTop: 16 }}>
          <a href={attachments.url}>Download the attachment</a>
        </p>
      )}
    </section>
  );
}
