import { theme } from '@acme/core';
import { type FormEvent, useId, useState } from 'react';

/** form.field: one input of the form. */
export interface FormField {
  readonly cmp_variant?: string;
  readonly name: string;
  readonly label: string;
  readonly type: 'text' | 'email' | 'tel' | 'textarea';
  readonly required?: boolean;
  /** Free-form settings of the field (JSON); `placeholder` is used when it is a string. */
  readonly options?: unknown;
}

/** shared.button: here, the submit button (its label). */
export interface Button {
  readonly cmp_variant?: string;
  readonly label: string;
  readonly path?: string;
}

/** The props: the fields of form.form1 that the form shows (`owner` and `documents` stay in the CMS). */
export interface FormProps {
  readonly cmp_variant?: string;
  readonly title?: string;
  readonly fields?: readonly FormField[];
  readonly submit?: Button;
  /** Where the messages go: shown, never sent from the editor. */
  readonly recipient?: string;
}

const inputStyle = {
  font: 'inherit',
  padding: '8px 10px',
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius,
} as const;

function placeholderOf(field: FormField): string | undefined {
  const options = field.options;
  if (typeof options !== 'object' || options === null) return undefined;
  const placeholder = (options as { placeholder?: unknown }).placeholder;
  return typeof placeholder === 'string' ? placeholder : undefined;
}

/** @acme/ui-form1: a contact form; submitting it says thanks and sends nothing (a client component). */
export default function ContactForm({ title, fields = [], submit, recipient }: FormProps) {
  const [sent, setSent] = useState(false);
  // Two forms on one page: each input's id is unique to its instance.
  const idPrefix = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <section style={{ padding: 32, fontFamily: theme.font, color: theme.colors.text, maxWidth: 560 }}>
      {title && <h2 style={{ margin: '0 0 16px' }}>{title}</h2>}
      {sent ? (
        <p role="status">Thanks: your message would go to {recipient ?? 'us'}.</p>
      ) : (
        <form onSubmit={onSubmit} style={{ display: 'grid', gap: 12 }}>
          {fields.map((field) => (
            <div key={field.name} style={{ display: 'grid', gap: 4 }}>
              <label htmlFor={`${idPrefix}-${field.name}`}>
                {field.label}
                {field.required ? ' *' : ''}
              </label>
              {field.type === 'textarea' ? (
                <textarea
                  id={`${idPrefix}-${field.name}`}
                  name={field.name}
                  required={field.required === true}
                  placeholder={placeholderOf(field)}
                  rows={4}
                  style={inputStyle}
                />
              ) : (
                <input
                  id={`${idPrefix}-${field.name}`}
                  name={field.name}
                  type={field.type}
                  required={field.required === true}
                  placeholder={placeholderOf(field)}
                  style={inputStyle}
                />
              )}
            </div>
          ))}
          <button
            type="submit"
            style={{
              justifySelf: 'start',
              background: theme.colors.primary,
              color: theme.colors.primaryText,
              border: 0,
              borderRadius: theme.radius,
              padding: '10px 18px',
              font: 'inherit',
            }}
          >
            {submit?.label ?? 'Send'}
          </button>
        </form>
      )}
    </section>
  );
}
