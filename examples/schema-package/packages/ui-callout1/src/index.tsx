import { theme } from '@acme/core';
import { CircleCheck, Info, Lightbulb, type LucideIcon, TriangleAlert } from 'lucide-react';

export type CalloutTone = 'info' | 'success' | 'warning' | 'tip';

/** The props: the fields of content.callout1. */
export interface CalloutProps {
  readonly cmp_variant?: string;
  readonly tone?: CalloutTone;
  readonly title?: string;
  readonly text?: string;
}

const TONES: Record<CalloutTone, { readonly icon: LucideIcon; readonly color: string; readonly background: string }> = {
  info: { icon: Info, color: '#0369a1', background: '#e0f2fe' },
  success: { icon: CircleCheck, color: '#15803d', background: '#dcfce7' },
  warning: { icon: TriangleAlert, color: '#b45309', background: '#fef3c7' },
  tip: { icon: Lightbulb, color: '#7c3aed', background: '#ede9fe' },
};

/** @acme/ui-callout1: a highlighted note with an icon from the icon library (lucide-react). */
export default function Callout({ tone = 'info', title = '', text = '' }: CalloutProps) {
  const { icon: Icon, color, background } = TONES[tone] ?? TONES.info;
  return (
    <aside
      role="note"
      style={{
        display: 'flex',
        gap: 12,
        margin: 24,
        padding: 16,
        borderRadius: theme.radius,
        background,
        color: theme.colors.text,
        fontFamily: theme.font,
      }}
    >
      <Icon aria-hidden="true" color={color} size={24} />
      <div>
        <strong style={{ color }}>{title}</strong>
        {text && <p style={{ margin: '4px 0 0' }}>{text}</p>}
      </div>
    </aside>
  );
}
