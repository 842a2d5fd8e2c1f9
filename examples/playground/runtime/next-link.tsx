import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** Props of the `next/link` stand-in. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly href: string | { readonly pathname?: string };
}

/** Stand-in for `next/link`: an <a> that does not navigate away from the editor. */
export default function Link({ href, onClick, ...rest }: LinkProps) {
  const url = typeof href === 'string' ? href : (href.pathname ?? '/');
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    event.preventDefault();
  };
  return <a {...rest} href={url} onClick={click} />;
}
