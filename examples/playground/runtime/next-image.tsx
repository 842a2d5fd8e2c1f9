import type { ImgHTMLAttributes } from 'react';

/** Props of the `next/image` stand-in: next's required `src`/`alt`, `fill` and `priority`. */
export interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  readonly src: string;
  readonly alt: string;
  readonly fill?: boolean;
  readonly priority?: boolean;
}

/** Stand-in for `next/image`: a plain <img> (no optimiser in the editor). */
export default function Image({ alt, fill, priority, style, ...rest }: ImageProps) {
  const fillStyle = fill ? { width: '100%', height: '100%', objectFit: 'cover' as const } : {};
  return <img {...rest} alt={alt} loading={priority ? 'eager' : 'lazy'} style={{ ...fillStyle, ...style }} />;
}
