import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * `next/link` as the remote components get it in the editor: Next.js's own Link (its router, its
 * client-side navigation in interactive mode) with `prefetch` off unless a component asks for it.
 * On the canvas a link in view would otherwise load its site page ahead, which an editor does not
 * show, and which fails (a console error) when the editor works offline.
 */
export default function EditorLink({ prefetch = false, ...props }: ComponentProps<typeof Link>) {
  return <Link prefetch={prefetch} {...props} />;
}
